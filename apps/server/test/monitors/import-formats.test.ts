import {
  type ImportResult,
  importResultSchema,
  monitorSchema,
  pageOf,
  secretPlaceholder,
} from "@changeradar/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { monitors } from "../../src/db/schema/monitors";
import { changedetectionBackup, importFixture } from "./support/import-fixtures";
import { type PageServer, productPage, startPageServer } from "./support/page-server";
import { startTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
let pages: PageServer;
let base: string;

beforeAll(async () => {
  [t, pages] = await Promise.all([startTestApp(), startPageServer()]);
  base = pages.origin;
  for (const path of ["/shop/anvil", "/releases", "/spa", "/status"]) pages.set(path, productPage());
});
afterAll(async () => {
  await t.close();
  await pages.close();
});

type Auth = { authorization: string };
type File = { name: string; content: string; encoding?: "utf8" | "base64" };

async function importFile(auth: Auth, file: File, dryRun: boolean, extra: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/v1/monitors/import",
    headers: auth,
    payload: { file, dryRun, frequency: "1d", watch: ["text"], ...extra },
  });
  expect(res.statusCode, res.body).toBe(200);
  return importResultSchema.parse(res.json());
}

async function monitorsOf(auth: Auth) {
  const res = await t.app.inject({ method: "GET", url: "/api/v1/monitors?pageSize=100", headers: auth });
  return pageOf(monitorSchema).parse(res.json()).items;
}

const skippedBy = (result: ImportResult) =>
  Object.fromEntries(result.skipped.map((s) => [s.name ?? s.url, s.reason]));

/** A dry run writes nothing; the real run creates exactly what the dry run listed. */
async function dryThenReal(auth: Auth, file: File) {
  const dry = await importFile(auth, file, true);
  expect(dry.dryRun).toBe(true);
  expect(dry.created).toEqual([]);
  expect(await monitorsOf(auth)).toEqual([]);
  const real = await importFile(auth, file, false);
  expect(real.created.map((m) => m.url)).toEqual(dry.planned.map((p) => p.url));
  expect(real.skipped).toEqual(dry.skipped);
  const stored = await monitorsOf(auth);
  expect(stored.map((m) => m.url).sort()).toEqual(dry.planned.map((p) => p.url).sort());
  return { dry, real, stored };
}

describe("import from urlwatch urls.yaml", () => {
  it("carries over jobs, selectors and browser jobs; lists shell, POST, duplicate and invalid jobs with why", async () => {
    const user = await t.signUp("Business");
    const { dry, stored } = await dryThenReal(user.auth, {
      name: "urls.yaml",
      content: importFixture("urls.yaml", base),
    });
    expect(dry.format).toBe("urlwatch");
    expect(dry.planned.map((p) => [p.name, p.selector, p.renderJs, p.paused])).toEqual([
      ["Anvil price", "p.price", false, false],
      ["Release notes (old filter spelling)", "#notes", false, false],
      ["Dashboard rendered in a browser", null, true, false],
      ["Status page", null, true, true],
    ]);
    expect(dry.planned[1].notes).toEqual([
      "Custom request headers are not carried over.",
      'The filter "re.sub" is not carried over: ChangeRadar has no equivalent.',
    ]);
    expect(skippedBy(dry)).toEqual({
      "Disk usage": "unsupported",
      "Search form": "unsupported",
      "Same anvil page again": "duplicate",
      "file:///etc/passwd": "invalid_url",
    });
    expect(dry.skipped.find((s) => s.name === "Disk usage")?.message).toMatch(/runs a command/);
    expect(dry.skipped.find((s) => s.name === "Search form")?.message).toMatch(/POST request/);
    expect(stored.find((m) => m.name === "Anvil price")).toMatchObject({
      selector: "p.price",
      frequency: "1d",
    });
    expect(stored.find((m) => m.name === "Status page")).toMatchObject({ paused: true, renderJs: true });
  });

  it("refuses a file that is not YAML, naming the problem", async () => {
    const user = await t.signUp("Business");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/monitors/import",
      headers: user.auth,
      payload: {
        file: { name: "urls.yaml", content: "url: [unclosed" },
        dryRun: true,
        frequency: "1d",
        watch: ["text"],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe("file");
    expect(res.json().errors[0].msg).toMatch(/could not be read as a urlwatch urls.yaml/);
  });
});

describe("import from a changedetection.io backup zip", () => {
  it("reads url-watches.json: tags by uuid, intervals, browser fetch, restock, filters and ignore text", async () => {
    const user = await t.signUp("Business");
    const zip = changedetectionBackup(base);
    const { dry, stored } = await dryThenReal(user.auth, {
      name: "changedetection-backup-20240610.zip",
      content: zip.toString("base64"),
      encoding: "base64",
    });
    expect(dry.format).toBe("changedetection");
    expect(dry.planned.map((p) => [p.name, p.frequency, p.tags, p.selector, p.renderJs, p.paused])).toEqual([
      ["Anvil price", "1h", ["shop"], null, false, false],
      ["Release notes", "1d", ["shop", "releases"], "//div[@id='notes']", true, true],
    ]);
    expect(dry.planned[0].notes).toEqual([]);
    expect(dry.planned[1].notes).toEqual([
      "Only the first filter is kept; 1 more not carried over.",
      "Removed elements (subtractive selectors) are not carried over.",
      "Notification URLs are not carried over: add alert channels here.",
    ]);
    // Its one step (a click) has its equivalent here.
    expect(dry.planned[1].browserSteps).toBe(1);
    expect(stored.find((m) => m.name === "Release notes")?.browserSteps).toEqual([
      { kind: "click", selector: "#accept" },
    ]);
    expect(skippedBy(dry)).toEqual({ "Search API": "unsupported", "Not a page": "invalid_url" });
    expect(stored.find((m) => m.name === "Anvil price")?.watch).toEqual(["price", "stock"]);
    expect(stored.find((m) => m.name === "Release notes")?.ignore).toEqual([
      "Last updated",
      "/\\d+ downloads/",
    ]);
  });

  it("carries browser steps over when each has its equivalent (a password sealed); says which cannot and why", async () => {
    const backup = (base: string) => ({
      name: "changedetection-backup-20240611.zip",
      content: changedetectionBackup(base, "url-watches-steps.json").toString("base64"),
      encoding: "base64" as const,
    });
    const user = await t.signUp("Business");
    // The guard refuses the metadata address only when private targets are not allowed.
    const strict = await t.startSibling({ ALLOW_PRIVATE_TARGETS: "false" });
    let dry: ImportResult;
    try {
      const res = await fetch(`${strict.baseUrl}/api/v1/monitors/import`, {
        method: "POST",
        headers: { ...user.auth, "content-type": "application/json" },
        body: JSON.stringify({
          file: backup("http://1.1.1.1"),
          dryRun: true,
          frequency: "1d",
          watch: ["text"],
        }),
      });
      dry = importResultSchema.parse(await res.json());
    } finally {
      await strict.close();
    }
    const planned = Object.fromEntries(dry.planned.map((p) => [p.name, p]));
    expect(planned["Members area"]).toMatchObject({ browserSteps: 5, renderJs: true, notes: [] });
    expect(planned["Dashboard with a script"]).toMatchObject({ browserSteps: 0 });
    expect(planned["Dashboard with a script"].notes).toEqual([
      "Browser steps are not carried over: step 3 “Execute JS”, step 4 “Wait for seconds” have no equivalent here (go to, click, enter text, select, press Enter, scroll down, wait for text do). Record them again under Browser steps.",
    ]);
    expect(planned["Account elsewhere"].browserSteps).toBe(0);
    expect(planned["Account elsewhere"].notes[0]).toMatch(
      /^Browser steps \(1\) are not carried over: Go to http:\/\/169\.254\.169\.254\/latest\/meta-data\/: /,
    );

    const real = await importFile(user.auth, backup(base), false);
    const members = real.created.find((m) => m.name === "Members area");
    expect(members?.renderJs).toBe(true);
    expect(members?.browserSteps).toEqual([
      { kind: "type", selector: "#user", text: "ada", secret: false },
      { kind: "type", selector: "input[name=password]", text: secretPlaceholder, secret: true },
      { kind: "select", selector: "xpath=/html/body/form/select", value: "Gold" },
      { kind: "click", selector: "#submit" },
      { kind: "wait_for_text", text: "Welcome" },
    ]);
    const [row] = await t.database.handle.db
      .select()
      .from(monitors)
      .where(eq(monitors.id, members?.id ?? ""));
    expect(JSON.stringify(row.browserSteps)).not.toContain("Hunter2 secret");
    expect(real.created.find((m) => m.name === "Dashboard with a script")?.browserSteps).toEqual([]);
  });

  it("leaves browser steps behind on a plan without them, saying which plan has them", async () => {
    const user = await t.signUp("Personal");
    const dry = await importFile(
      user.auth,
      {
        name: "backup.zip",
        content: changedetectionBackup(base, "url-watches-steps.json").toString("base64"),
        encoding: "base64",
      },
      true,
    );
    expect(dry.planned.find((p) => p.name === "Members area")).toMatchObject({
      browserSteps: 0,
      notes: ["Browser steps (5) are not carried over: they need the Pro plan or higher."],
    });
  });

  it("refuses a zip without url-watches.json", async () => {
    const user = await t.signUp("Business");
    const { zipSync } = await import("fflate");
    const zip = Buffer.from(zipSync({ "readme.txt": new TextEncoder().encode("hello") }));
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/monitors/import",
      headers: user.auth,
      payload: {
        file: { name: "backup.zip", content: zip.toString("base64"), encoding: "base64" },
        dryRun: true,
        frequency: "1d",
        watch: ["text"],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].msg).toMatch(/has no url-watches.json/);
  });
});

describe("import from a Distill export", () => {
  it("reads selections, dynamic pages and interval schedules; lists what Distill has that we do not", async () => {
    const user = await t.signUp("Business");
    const { dry } = await dryThenReal(user.auth, {
      name: "distill-export.json",
      content: importFixture("distill-export.json", base),
    });
    expect(dry.format).toBe("distill");
    expect(dry.planned.map((p) => [p.name, p.frequency, p.tags, p.selector, p.renderJs])).toEqual([
      ["Anvil price", "6h", ["shop"], "p.price", true],
      ["Release notes", "1d", [], "//div[@id='notes']", false],
    ]);
    expect(dry.planned[1].notes).toEqual([
      "Only the first selection is kept; 1 more not carried over.",
      "Excluded regions are not carried over.",
      "Distill's LIVE schedule is not carried over; the chosen frequency applies.",
    ]);
    expect(skippedBy(dry)).toEqual({ "Inbox watcher": "invalid_url" });
  });
  it("says why a monitor's macro (its login steps) is not carried over", async () => {
    const user = await t.signUp("Business");
    const monitor = {
      id: "Mc4rO1xY2mB7",
      name: "Orders behind a login",
      uri: `${base}/status`,
      config: JSON.stringify({ selections: [], macro: "mAcR0l0g1n" }),
      schedule: JSON.stringify({ type: "INTERVAL", params: { interval: 86400 } }),
      tags: "",
      content_type: 2,
      state: 40,
    };
    const dry = await importFile(
      user.auth,
      { name: "distill-export.json", content: JSON.stringify({ client: { local: 1 }, data: [monitor] }) },
      true,
    );
    expect(dry.planned[0]).toMatchObject({
      browserSteps: 0,
      notes: [
        "Its macro (steps run before the check, such as a login) is not carried over: the export names the macro but does not hold its steps. Record them again under Browser steps.",
      ],
    });
  });
});

describe("import from a list or CSV of URLs", () => {
  it("reads a CSV with a header (url, name, tags), skipping bad and repeated rows", async () => {
    const user = await t.signUp("Business");
    const { dry } = await dryThenReal(user.auth, {
      name: "urls.csv",
      content: importFixture("urls.csv", base),
    });
    expect(dry.format).toBe("csv");
    expect(dry.planned.map((p) => [p.name, p.tags])).toEqual([
      ["Anvil price", ["shop", "tools"]],
      ["Release notes, weekly", ["releases"]],
    ]);
    expect(skippedBy(dry)).toEqual({ "Broken row": "invalid_url", "Anvil again": "duplicate" });
  });

  it("reads a plain list with comments; a second import finds every page already watched", async () => {
    const user = await t.signUp("Business");
    const file = { name: "urls.txt", content: importFixture("urls.txt", base) };
    const { dry } = await dryThenReal(user.auth, file);
    expect(dry.format).toBe("list");
    expect(dry.planned.map((p) => p.url)).toEqual([`${base}/shop/anvil`, `${base}/releases`]);
    expect(dry.skipped).toEqual([
      {
        url: "ftp://files.example.com/readme",
        name: null,
        reason: "invalid_url",
        message: "Enter a full web address starting with http:// or https://",
      },
    ]);
    const again = await importFile(user.auth, file, true);
    expect(again.planned).toEqual([]);
    expect(again.skipped.filter((s) => s.reason === "duplicate").map((s) => s.message)).toEqual([
      "You already watch this page.",
      "You already watch this page.",
    ]);
  });
});

describe("plan limits (entitlements)", () => {
  it("Free: the dry run lists entries past the monitor count and slows intervals to the plan's fastest", async () => {
    const user = await t.signUp("Free");
    const zip = changedetectionBackup(base);
    const dry = await importFile(
      user.auth,
      { name: "backup.zip", content: zip.toString("base64"), encoding: "base64" },
      true,
    );
    expect(dry.planned).toHaveLength(1);
    expect(dry.planned[0]).toMatchObject({ name: "Anvil price", frequency: "1d" });
    expect(dry.planned[0].notes).toEqual([
      "Checked every 3 hours before; your Free plan checks every day at most.",
    ]);
    expect(dry.skipped.find((s) => s.name === "Release notes")).toMatchObject({
      reason: "over_plan_limit",
      message: "Your Free plan allows 1 monitor. Upgrade to Personal to add more.",
    });
  });

  it("refuses a default frequency the plan does not allow", async () => {
    const user = await t.signUp("Free");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/monitors/import",
      headers: user.auth,
      payload: { urls: `${base}/shop/anvil`, dryRun: true, frequency: "1h", watch: ["text"] },
    });
    expect(res.statusCode).toBe(402);
  });
});
