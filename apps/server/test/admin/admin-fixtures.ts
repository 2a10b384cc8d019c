import type { Frequency } from "@changeradar/contracts";
import type { Database } from "../../src/db/database";
import { monitors } from "../../src/db/schema";
import type { TestServer } from "../helpers/server";
import { createAdmin, type TestUser } from "../helpers/users";

const admins = new WeakMap<TestServer, Promise<TestUser>>();

/** The ADMIN_EMAIL account of this test server, signed up and verified once per file. */
export function signInAdmin(server: TestServer): Promise<TestUser> {
  let admin = admins.get(server);
  if (!admin) {
    admin = createAdmin(server);
    admins.set(server, admin);
  }
  return admin;
}

/** `count` running monitors for a user, oldest first, on loopback URLs (never checked: due in a day). */
export async function insertMonitors(
  db: Database,
  userId: string,
  count: number,
  options: { frequency?: Frequency; paused?: boolean } = {},
): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const [row] = await db
      .insert(monitors)
      .values({
        userId,
        url: `http://127.0.0.1:9/page-${i}`,
        host: "127.0.0.1",
        name: `Page ${i}`,
        frequency: options.frequency ?? "1d",
        watch: ["text"],
        paused: options.paused ?? false,
        nextCheckAt: new Date(Date.now() + 86_400_000),
        createdAt: new Date(Date.now() - (count - i) * 1000),
      })
      .returning({ id: monitors.id });
    ids.push(row!.id);
  }
  return ids;
}
