import { customType, timestamp } from "drizzle-orm/pg-core";

/** Binary column: PGlite hands back a Uint8Array, node-postgres a Buffer; both become a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (value) => value,
  fromDriver: (value) => Buffer.from(value),
});

/** Timestamps are always stored with a time zone and handled as Date objects. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const createdAt = () => timestamptz("created_at").notNull().defaultNow();
