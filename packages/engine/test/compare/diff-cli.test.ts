import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runEngineCli } from "../../src/cli";
import { CORPUS_DIR } from "./mutations/corpus";
import { rewritePrice } from "./mutations/price-forms";

const listing = (name: string) => join(CORPUS_DIR, "listing", name);
const repoRoot = join(import.meta.dirname, "../../../..");

async function run(args: string[], env: Record<string, string | undefined> = {}) {
  let stdout = "";
  let stderr = "";
  const io = {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    env,
  };
  const code = await runEngineCli(args, io);
  return { code, stdout, stderr };
}

async function diffJson(oldFile: string, newFile: string, ...extra: string[]) {
  const { code, stdout, stderr } = await run(["diff", oldFile, newFile, "--json", ...extra]);
  expect(stderr).toBe("");
  expect(code).toBe(0);
  return JSON.parse(stdout) as {
    changed: boolean;
    kinds: string[];
    summary: string;
    significance: number;
    diffs: Record<string, unknown>;
  };
}

let scratch = "";
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "changeradar-diff-"));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

describe("changeradar diff on corpus version pairs", () => {
  it("Songkick v1 → v2: the captures differ only in head metadata, so nothing a visitor sees changed", async () => {
    const result = await diffJson(
      listing("songkick.com__elysian-fields-v1.html"),
      listing("songkick.com__elysian-fields-v2.html"),
    );
    expect(result).toMatchObject({ changed: false, kinds: [], summary: "No change", significance: 0 });
    expect(Object.keys(result.diffs).sort()).toEqual([
      "availability",
      "images",
      "items",
      "price",
      "structure",
      "text",
      "visual",
    ]);
  });

  it.each([
    ["google.com__google-test-keyword_page1.html", "google.com__google-test-keyword_page2.html"],
    [
      "duckduckgo.com__duckduckgo-test-keyword_page1.html",
      "duckduckgo.com__duckduckgo-test-keyword_page2.html",
    ],
  ])("SERP %s → page 2: new results are new items", async (page1, page2) => {
    const result = await diffJson(listing(page1), listing(page2));
    expect(result.changed).toBe(true);
    expect(result.kinds).toEqual(expect.arrayContaining(["new_content", "text"]));
    expect(result.summary).toMatch(/^\d+ new items: “.+”, “.+”, “.+” and \d+ more( · also .+)?$/);
    expect(result.significance).toBeGreaterThan(50);
  });

  it("a saved product page whose price dropped", async () => {
    const original = join(CORPUS_DIR, "product", "alibaba.com__d8830de9c46d.html");
    const cheaper = join(scratch, "cheaper.html");
    await writeFile(cheaper, rewritePrice(await readFile(original, "utf8"), 11.99, 9.59)!);
    const result = await diffJson(original, cheaper, "--watch", "price,stock");
    expect(result).toMatchObject({
      changed: true,
      kinds: ["price"],
      summary: "Price dropped from $11.99 to $9.59 (−20%)",
    });
  });

  it("prints a readable result without --json", async () => {
    const { code, stdout } = await run([
      "diff",
      listing("google.com__google-test-keyword_page1.html"),
      listing("google.com__google-test-keyword_page2.html"),
    ]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Changed \(significance \d+\): \d+ new items/);
    expect(stdout).toContain("Kinds: new_content, text, structure");
    expect(stdout).toContain("  + Page 2 of about 234,000,000 results (0.38 seconds)");
  });
});

describe("changeradar diff errors", () => {
  it("missing file, wrong arguments and unknown kinds are clear errors with exit code 1", async () => {
    const missing = await run([
      "diff",
      join(scratch, "nope.html"),
      listing("songkick.com__elysian-fields-v1.html"),
    ]);
    expect(missing).toMatchObject({ code: 1, stdout: "" });
    expect(missing.stderr).toContain("Diff failed: File not found:");
    const oneFile = await run(["diff", listing("songkick.com__elysian-fields-v1.html")]);
    expect(oneFile.code).toBe(1);
    expect(oneFile.stderr).toContain("Give exactly two files");
    const badKind = await run(["diff", "a.html", "b.html", "--watch", "prices"]);
    expect(badKind.stderr).toContain("Unknown kind to watch: prices");
    const noMatch = await run([
      "diff",
      listing("songkick.com__elysian-fields-v1.html"),
      listing("songkick.com__elysian-fields-v2.html"),
      "--selector",
      "#nothing-here",
    ]);
    expect(noMatch.code).toBe(1);
    expect(noMatch.stderr).toContain('The selector "#nothing-here" matched nothing in');
    const badRule = await run([
      "diff",
      listing("songkick.com__elysian-fields-v1.html"),
      listing("songkick.com__elysian-fields-v2.html"),
      "--ignore",
      "/(a)\\1/",
    ]);
    expect(badRule.code).toBe(1);
    expect(badRule.stderr).toContain("cannot run back-references");
  });

  it("an unknown engine command prints the usage with exit code 2", async () => {
    const { code, stderr } = await run(["frobnicate"]);
    expect(code).toBe(2);
    expect(stderr).toContain("changeradar diff <old-file> <new-file> [--json]");
  });
});

describe("the linked binary", () => {
  it("`npx changeradar diff a b --json` works at the repository root", async () => {
    const { stdout } = await promisify(execFile)(
      "npx",
      [
        "changeradar",
        "diff",
        listing("songkick.com__elysian-fields-v1.html"),
        listing("songkick.com__elysian-fields-v2.html"),
        "--json",
      ],
      { cwd: repoRoot, timeout: 60_000 },
    );
    expect(JSON.parse(stdout)).toMatchObject({
      changed: false,
      kinds: [],
      summary: "No change",
      significance: 0,
    });
  }, 90_000);
});
