import { pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/** Every Stripe webhook event applied, by its id: a replayed event is recognised and skipped. */
export const billingEvents = pgTable("billing_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: createdAt(),
});
export type BillingEventRow = typeof billingEvents.$inferSelect;
