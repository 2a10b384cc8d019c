import type { Page } from "@playwright/test";
import { changedetectionBackup, importFixture } from "../../../server/test/monitors/support/import-fixtures";
import { expect, test, uniqueEmail } from "../fixtures";
import { customerOnPlan } from "../support/customer-on-plan";
import { type PageServer, startPageServer } from "./page-server";

/**
 * No lock-in (issue 13 §3), in Chromium against the real server: each import format, written from the
 * tool's documentation, goes through the dry run (what will be created, what is skipped and why) and then
 * creates the monitors, which My Monitors lists.
 */
test.describe.configure({ mode: "serial" });

let shop: PageServer;
let page: Page;

test.beforeAll(async ({ browser }) => {
  shop = await startPageServer({ price: "24.99", headline: "Imported" });
  const context = await browser.newContext({ baseURL: process.env.CR_E2E_BASE_URL });
  page = await context.newPage();
  await customerOnPlan(context.request, page, uniqueEmail("import"), "Import-all-the-things-5", "Business");
});
test.afterAll(async () => {
  await page?.context().close();
  await shop?.close();
});

/** Each format's pages live under their own path, so no import finds another's pages already watched. */
const baseFor = (format: string) => `${shop.url.replace(/\/$/, "")}/${format}`;

const cases: {
  format: string;
  file: (base: string) => { name: string; mimeType: string; buffer: Buffer };
  created: string[];
  skipped: [name: string, reason: string, why: RegExp][];
}[] = [
  {
    format: "urlwatch",
    file: (base) => ({
      name: "urls.yaml",
      mimeType: "application/yaml",
      buffer: Buffer.from(importFixture("urls.yaml", base)),
    }),
    created: [
      "Anvil price",
      "Release notes (old filter spelling)",
      "Dashboard rendered in a browser",
      "Status page",
    ],
    skipped: [
      ["Disk usage", "Not supported", /runs a command/],
      ["Search form", "Not supported", /POST request/],
      ["Same anvil page again", "Duplicate", /listed twice/],
      ["file:///etc/passwd", "Invalid address", /http:\/\/ or https:\/\//],
    ],
  },
  {
    format: "changedetection",
    file: (base) => ({
      name: "changedetection-backup.zip",
      mimeType: "application/zip",
      buffer: changedetectionBackup(base),
    }),
    created: ["Anvil price", "Release notes"],
    skipped: [
      ["Search API", "Not supported", /POST request/],
      ["Not a page", "Invalid address", /http:\/\/ or https:\/\//],
    ],
  },
  {
    format: "distill",
    file: (base) => ({
      name: "distill-export.json",
      mimeType: "application/json",
      buffer: Buffer.from(importFixture("distill-export.json", base)),
    }),
    created: ["Anvil price", "Release notes"],
    skipped: [["Inbox watcher", "Invalid address", /http:\/\/ or https:\/\//]],
  },
  {
    format: "csv",
    file: (base) => ({
      name: "urls.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(importFixture("urls.csv", base)),
    }),
    created: ["Anvil price", "Release notes, weekly"],
    skipped: [
      ["Broken row", "Invalid address", /http:\/\/ or https:\/\//],
      ["Anvil again", "Duplicate", /listed twice/],
    ],
  },
  {
    format: "list",
    file: (base) => ({
      name: "urls.txt",
      mimeType: "text/plain",
      buffer: Buffer.from(importFixture("urls.txt", base)),
    }),
    created: ["/list/shop/anvil", "/list/releases"],
    skipped: [["ftp://files.example.com/readme", "Invalid address", /http:\/\/ or https:\/\//]],
  },
];

for (const c of cases) {
  test(`imports a ${c.format} file: the dry run lists what is skipped and why, then the monitors are created`, async () => {
    await page.goto("/auth/mymonitors");
    await page.getByRole("button", { name: "Bulk import" }).click();
    const dialog = page.getByRole("dialog", { name: "Import monitors" });
    await dialog.getByRole("tab", { name: "Upload a file" }).click();
    await dialog.getByLabel("Import file").setInputFiles(c.file(baseFor(c.format)));
    await dialog.getByRole("button", { name: "Check what will be imported" }).click();

    const planned = dialog.getByRole("list", { name: "Will be created" }).getByRole("listitem");
    await expect(planned).toHaveCount(c.created.length);
    for (const [index, name] of c.created.entries()) await expect(planned.nth(index)).toContainText(name);
    const skipped = dialog.getByRole("list", { name: "Not carried over" }).getByRole("listitem");
    await expect(skipped).toHaveCount(c.skipped.length);
    for (const [index, [name, reason, why]] of c.skipped.entries()) {
      await expect(skipped.nth(index)).toContainText(name);
      await expect(skipped.nth(index)).toContainText(reason);
      await expect(skipped.nth(index)).toContainText(why);
    }
    await page.screenshot({ path: test.info().outputPath(`import-dry-run-${c.format}.png`) });

    const n = c.created.length;
    await dialog.getByRole("button", { name: `Import ${n} monitors` }).click();
    await expect(dialog.getByText(`${n} monitors were added`)).toBeVisible();
    await dialog.getByRole("button", { name: "Done" }).click();
    await page.getByLabel("Search").fill(`/${c.format}/`);
    for (const name of c.created) {
      await expect(page.getByRole("main").getByText(name, { exact: false }).first()).toBeVisible();
    }
  });
}
