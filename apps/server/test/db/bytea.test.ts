import { describe, expect, it } from "vitest";
import { putEncodedBlobs, readBlob } from "../../src/checks/blob-store";
import { byteaParser, byteaSerializer } from "../../src/db/pglite-bytea";
import { useTestDatabase } from "../helpers/database";

const database = useTestDatabase();

/** Every byte value, in a view that starts and ends inside a larger buffer (as Node's pooled buffers do). */
function viewOfEveryByte(length: number): Uint8Array {
  const whole = new Uint8Array(length + 7);
  whole.fill(0xee);
  for (let i = 0; i < length; i++) whole[i + 3] = (i * 7 + (i >> 8)) % 256;
  return whole.subarray(3, 3 + length);
}

describe("bytea through the database", () => {
  it("writes only the view's bytes and reads them back into a buffer of their own", () => {
    const bytes = viewOfEveryByte(1000);
    const text = byteaSerializer(bytes);
    expect(text.slice(0, 8)).toBe("\\x00070e");
    expect(text).toHaveLength(2 + 2000);
    const read = byteaParser(text);
    expect(read).toEqual(new Uint8Array(bytes));
    expect(read.byteOffset).toBe(0);
    expect(read.buffer.byteLength).toBe(1000);
    expect(() => byteaSerializer("not bytes")).toThrow(/bytea/);
  });

  it("stores a snapshot's JSON (compressed) and a PNG byte for byte, and reads them back", async () => {
    const { db } = database.handle;
    const json = Buffer.from(JSON.stringify({ lines: Array.from({ length: 2000 }, (_, i) => `line ${i}`) }));
    const png = viewOfEveryByte(70_000);
    const [content, screenshot] = await putEncodedBlobs(db, [
      { bytes: json, contentType: "application/json" },
      { bytes: png, contentType: "image/png" },
    ]);
    expect((await readBlob(db, content!.id))?.bytes.equals(json)).toBe(true);
    expect(Buffer.compare((await readBlob(db, screenshot!.id))!.bytes, png)).toBe(0);
  });
});
