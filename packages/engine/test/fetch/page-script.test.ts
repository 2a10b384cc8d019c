import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { pageScript } from "../../src/fetch/page-script";

describe("functions sent into a browser page", () => {
  it("run where esbuild's __name helper does not exist", () => {
    // What tsx makes of `(n) => { const twice = (x) => x * 2; return twice(n); }` (keepNames).
    const compiled = new Function("n", 'const twice = __name((x) => x * 2, "twice"); return twice(n);');
    expect(() => runInNewContext(`(${compiled.toString()})(21)`)).toThrow(/__name is not defined/);
    expect(runInNewContext(pageScript(compiled as (n: number) => number, 21))).toBe(42);
  });

  it("accept the cookie banner when the engine runs under tsx, as the product does", async () => {
    const fixture = fileURLToPath(new URL("./fixtures/accept-banner-under-tsx.ts", import.meta.url));
    const output = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, ["--import", "tsx", fixture], { timeout: 60_000 }, (error, stdout) =>
        error ? reject(error) : resolve(stdout),
      ),
    );
    expect(JSON.parse(output)).toEqual({ clicked: true, title: "accepted" });
  }, 90_000);
});
