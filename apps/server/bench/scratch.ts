import pg from "pg";
import type { Database } from "../src/db";
import { users } from "../src/db/schema/users";

/** A new database on a PostgreSQL server, and how to drop it. */
export async function createScratchDatabase(serverUrl: string, prefix: string) {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** A verified Business user (50 monitors allowed), the n-th of a benchmark. */
export async function insertBusinessUser(db: Database, n: number) {
  const [user] = await db
    .insert(users)
    .values({
      email: `bench-${n}@example.test`,
      passwordHash: "x",
      firstName: "Bench",
      planType: "Business",
      emailVerifiedAt: new Date(),
    })
    .returning();
  return user;
}
