import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { checkWorkerConnected, type RoleName } from "../../src/db/connection-names";
import type { DatabaseHandle } from "../../src/db/database";
import {
  CHECK_WORKER_BACK_MESSAGE,
  checkWorkerWatch,
  NO_CHECK_WORKER_MESSAGE,
} from "../../src/roles/check-worker-watch";
import { connectAsRole, createTestDatabase, type TestDatabase } from "../helpers/database";
import { eventually } from "../monitors/support/test-app";

/**
 * An API node on PostgreSQL checks no page: its log says when no node that checks pages is connected to its
 * database. PGlite has one process, which checks its own pages, so these run in the PostgreSQL pass only.
 */
describe.runIf(process.env.DATABASE_URL)("the API node's watch for check workers", () => {
  let database: TestDatabase;
  const nodes: DatabaseHandle[] = [];

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
  });
  afterEach(async () => {
    await Promise.all(nodes.splice(0).map((node) => node.close()));
  });
  afterAll(async () => {
    await database.destroy();
  });

  /** The connections of a node of `role` on the test's database, as `openRuntime` names them. */
  async function connectNode(role: RoleName): Promise<DatabaseHandle> {
    const node = await connectAsRole(database.location, role);
    nodes.push(node);
    return node;
  }

  /** Closes a node's connections and waits until PostgreSQL no longer lists them. */
  async function disconnect(node: DatabaseHandle): Promise<void> {
    nodes.splice(nodes.indexOf(node), 1);
    await node.close();
    await eventually(
      () => checkWorkerConnected(database.handle.db),
      (connected) => !connected,
      10_000,
    );
  }

  it("a worker or a serve node counts as a check worker; another API node does not", async () => {
    expect(await checkWorkerConnected(database.handle.db)).toBe(false);
    await connectNode("api");
    expect(await checkWorkerConnected(database.handle.db)).toBe(false);
    const worker = await connectNode("worker");
    expect(await checkWorkerConnected(database.handle.db)).toBe(true);
    await disconnect(worker);
    await connectNode("serve");
    expect(await checkWorkerConnected(database.handle.db)).toBe(true);
  });

  it("warns once when no worker is connected, says when one connects, and warns again when it goes", async () => {
    const said: string[] = [];
    const log = {
      warn: (message: unknown) => said.push(`warn: ${String(message)}`),
      info: (message: unknown) => said.push(`info: ${String(message)}`),
    };
    const watch = checkWorkerWatch(database.handle.db, log);
    await watch.look();
    await watch.look();
    expect(said).toEqual([`warn: ${NO_CHECK_WORKER_MESSAGE}`]);
    const worker = await connectNode("worker");
    await watch.look();
    await watch.look();
    expect(said).toEqual([`warn: ${NO_CHECK_WORKER_MESSAGE}`, `info: ${CHECK_WORKER_BACK_MESSAGE}`]);
    await disconnect(worker);
    await watch.look();
    expect(said.at(-1)).toBe(`warn: ${NO_CHECK_WORKER_MESSAGE}`);
    expect(said).toHaveLength(3);
  });

  it("says nothing when a worker is there from the first look", async () => {
    const said: string[] = [];
    const log = { warn: () => said.push("warn"), info: () => said.push("info") };
    await connectNode("worker");
    await checkWorkerWatch(database.handle.db, log).look();
    expect(said).toEqual([]);
  });
});
