import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bodyHash } from "../../src/body-noise";
import { EnginePool } from "../../src/pool/engine-pool";
import { factsOfVersion, type PackedSnapshot } from "../../src/pool/jobs";
import { type PageSnapshot, type StoredVersion, snapshotPage } from "../../src/snapshot-page";
import { type LoopbackServer, startLoopbackServer } from "./loopback-server";

const loopback = { allowPrivateTargets: true };
let price = "$49.00";
let server: LoopbackServer;

beforeAll(async () => {
  server = await startLoopbackServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<html><body><h1>Desk lamp</h1><p class="price">${price}</p><p>Warm light.</p></body></html>`);
  });
});
afterAll(() => server.close());

const packed = (read: PageSnapshot): PackedSnapshot => {
  if (read.kind !== "snapshot" || !("snapshot" in read.version))
    throw new Error(`expected a snapshot, got ${read.kind}`);
  return { json: new TextEncoder().encode(JSON.stringify(read.version.snapshot)), encoding: "identity" };
};

/** The stored version, counting how often it is read. */
const stored = (version: PackedSnapshot | null) => {
  const loads = { count: 0 };
  const compareWith: StoredVersion = {
    load: async () => {
      loads.count++;
      return version;
    },
    options: { watch: ["text", "price"] },
  };
  return { compareWith, loads };
};

describe("snapshotPage with the stored version (one engine job: extract and compare)", () => {
  it("compares a parsed page with the stored version and says what changed", async () => {
    price = "$49.00";
    const baseline = await snapshotPage({ url: `${server.url}/lamp` }, loopback);
    expect(baseline.kind === "snapshot" && baseline.comparison).toBeNull();

    price = "$39.00";
    const { compareWith, loads } = stored(packed(baseline));
    const next = await snapshotPage({ url: `${server.url}/lamp`, compareWith }, loopback);
    expect(next.kind).toBe("snapshot");
    if (next.kind !== "snapshot") return;
    // A changed page comes back in its stored form, with its facts: the snapshot stays with the engine.
    expect(next.version).not.toHaveProperty("snapshot");
    expect(factsOfVersion(next.version).price?.amount).toBe(39);
    expect(next.comparison).toMatchObject({ changed: true });
    expect(next.comparison?.kinds).toContain("price");
    expect(loads.count).toBe(1);
  });

  it("does not read the stored version when the body bytes are the last check's", async () => {
    price = "$49.00";
    const first = await snapshotPage({ url: `${server.url}/lamp` }, loopback);
    if (first.kind !== "snapshot") throw new Error("no snapshot");
    const { compareWith, loads } = stored(packed(first));
    const again = await snapshotPage(
      { url: `${server.url}/lamp`, knownBodyHash: first.bodyHash, compareWith },
      loopback,
    );
    expect(again.kind).toBe("same_body");
    expect(loads.count).toBe(0);
  });

  it("frees the bytes of a body that is the last check's: nothing reads them", async () => {
    // Large enough to own its buffer (a few bytes are a slice of Node's pool, left to the collector).
    const large = await startLoopbackServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(
        `<html><body><h1>Desk lamp</h1>${"<p>Warm light for long evenings.</p>".repeat(500)}</body></html>`,
      );
    });
    try {
      const first = await snapshotPage({ url: `${large.url}/lamp` }, loopback);
      const again = await snapshotPage(
        { url: `${large.url}/lamp`, knownBodyHash: first.kind === "snapshot" ? first.bodyHash : null },
        loopback,
      );
      expect(again.kind).toBe("same_body");
      expect(again.page.bytes.byteLength).toBe(0);
    } finally {
      await large.close();
    }
  });

  it("extracts alone when nothing is stored after all", async () => {
    const { compareWith, loads } = stored(null);
    const read = await snapshotPage({ url: `${server.url}/lamp`, compareWith }, loopback);
    expect(read.kind === "snapshot" && read.comparison).toBeNull();
    expect(read.kind === "snapshot" && "snapshot" in read.version && read.version.snapshot.lines).toContain(
      "Desk lamp",
    );
    expect(loads.count).toBe(1);
  });
});

describe("snapshotPage keeping the body (to learn its noise)", () => {
  it("gives a copy that stays readable once a worker pool has taken the page's bytes", async () => {
    const engine = new EnginePool({ size: 1 });
    // Large enough to own its buffer, which the pool then moves instead of copying.
    const large = await startLoopbackServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(
        `<html><body><h1>Desk lamp</h1>${"<p>Warm light for long evenings.</p>".repeat(2000)}</body></html>`,
      );
    });
    try {
      const read = await snapshotPage({ url: `${large.url}/lamp`, keepBody: true }, { ...loopback, engine });
      expect(read.kind).toBe("snapshot");
      if (read.kind !== "snapshot") return;
      expect(read.page.bytes.byteLength).toBe(0);
      expect(new TextDecoder().decode(read.body)).toContain("Desk lamp");
      expect(read.bodyHash).toBe(bodyHash(read.body as Uint8Array));
    } finally {
      await engine.close();
      await large.close();
    }
  });
});
