import { randomBytes } from "node:crypto";
import type { AuthUser, PlanName } from "@changeradar/contracts";
import type { Database } from "../../../src/db/database";
import { changes } from "../../../src/db/schema/checks";
import { monitors } from "../../../src/db/schema/monitors";
import { users } from "../../../src/db/schema/users";
import { emptyStoredDiff } from "../../helpers/stored-diff";

/** Rows the alert tests start from; one fresh user per test (STYLE 12). */

export interface TestUser {
  id: string;
  email: string;
  /** The user as a service sees it (request.user). */
  auth: AuthUser;
}

export async function createUser(
  db: Database,
  options: {
    plan?: PlanName;
    verified?: boolean;
    alertMode?: "immediate" | "digest";
    digestHour?: number;
  } = {},
): Promise<TestUser> {
  const email = `user-${randomBytes(5).toString("hex")}@example.test`;
  const [row] = await db
    .insert(users)
    .values({
      email,
      passwordHash: "not-used-in-these-tests",
      firstName: "Ada",
      planType: options.plan ?? "Free",
      emailVerifiedAt: options.verified === false ? null : new Date(),
      notificationPreferences: {
        alertMode: options.alertMode ?? "immediate",
        digestHour: options.digestHour ?? 8,
      },
    })
    .returning({ id: users.id });
  if (!row) throw new Error("no user row");
  const auth: AuthUser = {
    id: row.id,
    email,
    firstName: "Ada",
    lastName: "",
    planStatus: "active",
    planType: options.plan ?? "Free",
    isAdmin: false,
    emailVerified: options.verified !== false,
    notificationPreferences: {
      alertMode: options.alertMode ?? "immediate",
      digestHour: options.digestHour ?? 8,
    },
  };
  return { id: row.id, email, auth };
}

export async function createMonitor(
  db: Database,
  userId: string,
  channelIds: string[] = [],
): Promise<{ id: string; url: string; name: string; channelIds: string[] }> {
  const url = "https://shop.example.com/product";
  const [row] = await db
    .insert(monitors)
    .values({
      userId,
      url,
      host: "shop.example.com",
      name: "Acme product",
      frequency: "1d",
      watch: ["price"],
      channelIds,
    })
    .returning({ id: monitors.id });
  if (!row) throw new Error("no monitor row");
  return { id: row.id, url, name: "Acme product", channelIds };
}

export async function createChange(
  db: Database,
  monitorId: string,
  detectedAt = new Date(),
): Promise<{ id: string; detectedAt: Date }> {
  const [row] = await db
    .insert(changes)
    .values({
      monitorId,
      detectedAt,
      kinds: ["price"],
      summary: "Price dropped from $24.99 to $19.99",
      significance: 80,
      diff: emptyStoredDiff,
    })
    .returning({ id: changes.id });
  if (!row) throw new Error("no change row");
  return { id: row.id, detectedAt };
}

export function changeInput(change: { id: string; detectedAt: Date }) {
  return {
    id: change.id,
    detectedAt: change.detectedAt,
    kinds: ["price"],
    summary: "Price dropped from $24.99 to $19.99",
    significance: 80,
    price: { before: "$24.99", after: "$19.99" },
  };
}
