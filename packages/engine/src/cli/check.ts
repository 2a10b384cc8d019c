import { parseArgs } from "node:util";
import { createBrowserPool, type FetchedPage } from "../fetch";
import type { Price, Snapshot } from "../snapshot";
import { snapshotPage } from "../snapshot-page";

const usage = `Usage: changeradar check <url> [--selector S] [--render] [--json]

Fetches the page once and prints what ChangeRadar extracts from it.
  --selector S  limit the check to part of the page: a CSS selector, an XPath (/… or (…)),
                or a JSONPath ($…) for JSON responses
  --render      render the page in a real browser (JavaScript) first
  --json        print one JSON object: url, finalUrl, format, title, text, price, availability,
                items, images, structureHash, scopeMatched`;

/** Where the command writes; the real process streams by default, captured ones in tests. */
export interface CheckIo {
  stdout: { write(chunk: string): unknown };
  stderr: { write(chunk: string): unknown };
  env: Record<string, string | undefined>;
}

/** `changeradar check`: exit code 0 on success, 1 with a message on stderr otherwise. */
export async function runCheck(args: string[], io: CheckIo = process): Promise<number> {
  let url: string;
  let selector: string | undefined;
  let render: boolean;
  let json: boolean;
  try {
    const parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        selector: { type: "string", short: "s" },
        render: { type: "boolean", default: false },
        json: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
    });
    if (parsed.values.help) {
      io.stdout.write(`${usage}\n`);
      return 0;
    }
    if (parsed.positionals.length !== 1) throw new Error("Give exactly one URL to check.");
    url = parsed.positionals[0] as string;
    selector = parsed.values.selector;
    render = parsed.values.render;
    json = parsed.values.json;
  } catch (error) {
    io.stderr.write(`${(error as Error).message}\n\n${usage}\n`);
    return 1;
  }

  const allowPrivateTargets = io.env.ALLOW_PRIVATE_TARGETS === "true";
  const browserPool = render
    ? createBrowserPool({
        allowPrivateTargets,
        executablePath: io.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
        wsEndpoint: io.env.BROWSER_WS_ENDPOINT,
        maxPages: 1,
      })
    : undefined;
  try {
    const read = await snapshotPage({ url, render, selector }, { allowPrivateTargets, browserPool });
    if (read.kind !== "snapshot" || !("snapshot" in read.version))
      throw new Error(`Unexpected answer: ${read.kind}`);
    const { page } = read;
    const { snapshot } = read.version;
    if (snapshot.scopeMatched === false)
      throw new Error(`The selector "${selector}" matched nothing on the page.`);
    io.stdout.write(json ? `${JSON.stringify(checkResult(page, snapshot))}\n` : summary(page, snapshot));
    return 0;
  } catch (error) {
    io.stderr.write(`Check failed: ${(error as Error).message}\n`);
    return 1;
  } finally {
    await browserPool?.close();
  }
}

/** The public shape of `check --json` (documented in the README). */
export function checkResult(page: FetchedPage, snapshot: Snapshot) {
  return {
    url: page.url,
    finalUrl: page.finalUrl,
    status: page.status,
    format: snapshot.format,
    title: snapshot.title,
    text: snapshot.lines.join("\n"),
    price:
      snapshot.price === null
        ? null
        : {
            amount: snapshot.price.amount,
            currency: snapshot.price.currency,
            maxAmount: snapshot.price.maxAmount,
          },
    availability: snapshot.availability,
    items: snapshot.items.map(({ title, url }) => ({ title, url })),
    images: snapshot.images,
    structureHash: snapshot.structure.hash,
    scopeMatched: snapshot.scopeMatched,
  };
}

const shownLines = 20;
const shownItems = 10;

function summary(page: FetchedPage, snapshot: Snapshot): string {
  const out = [
    `${snapshot.title ?? "(no title)"}`,
    `${page.finalUrl}  ${page.status} ${page.contentType}, ${snapshot.format}, ${snapshot.lines.length} lines`,
    `Price:        ${formatPrice(snapshot.price)}`,
    `Availability: ${snapshot.availability.replace("_", " ")}`,
    `Items:        ${snapshot.items.length}`,
    ...snapshot.items
      .slice(0, shownItems)
      .map((item) => `  - ${item.title}${item.url ? `  <${item.url}>` : ""}`),
    `Images:       ${snapshot.images.length}`,
    `Structure:    ${snapshot.structure.hash.slice(0, 16)} (${snapshot.structure.paths.length} paths)`,
    "",
    ...snapshot.lines.slice(0, shownLines),
  ];
  if (snapshot.lines.length > shownLines)
    out.push(`… ${snapshot.lines.length - shownLines} more lines (--json prints all)`);
  return `${out.join("\n")}\n`;
}

function formatPrice(price: Price | null): string {
  if (price === null) return "none found";
  const amount = price.maxAmount === null ? `${price.amount}` : `${price.amount} – ${price.maxAmount}`;
  return `${amount} ${price.currency ?? "(currency unknown)"}  [${price.source}]`;
}
