/**
 * Corpus accuracy, per shop, and leave-one-shop-out. `npm run accuracy -w packages/engine`
 * (`-- --misses` lists every miss).
 *
 * Prints price and availability accuracy over the product pages of ../shared/corpus with each shop's
 * own figure, then leave-one-shop-out figures for price and availability:
 * - per shop: the mean over shops of each shop's accuracy (every shop weighs the same, as a shop never
 *   seen would);
 * - rules ablated: every named heuristic (src/extract/price/picking-rules.ts, shared by price and
 *   availability) is switched off in turn; a rule whose only gains (price or availability) are on one shop
 *   is one that could not have been written without that shop, so that shop is scored with the rule off.
 *   Printed twice: with a rule's support taken from the same reading only, and from both readings (a rule
 *   that gains on one shop in the full reading, where other shops' structured data answers first, but on
 *   several once that is removed, is not switched off);
 *   The engine holds no rule, table or constant keyed to a shop (test/extract/no-site-names.test.ts
 *   checks its sources);
 * - visible only, and visible only left one shop out: the same pages without their structured data;
 * - articles and listings with a price: non-product pages where a price was read (full or visible only),
 *   each a wrong guess.
 */
import { extractSnapshotSync } from "../src/extract";
import { type PickingRule, pickingRules } from "../src/extract/price/picking-rules";
import { type CorpusPage, corpusInput, corpusPages } from "../test/extract/corpus";
import { availabilityOk, priceOk, shopOf } from "../test/extract/corpus-truth";

const showMisses = process.argv.includes("--misses");
const products = corpusPages().filter((p) => p.category === "product" && p.truth !== undefined);
const inputs = products.map(corpusInput);
const rules = Object.keys(pickingRules) as PickingRule[];

/**
 * The page as a shop without structured data would serve it: no JSON-LD, microdata or RDFa attributes, no
 * price / stock / currency meta. Most rules were written with structured data present to fall back on; this
 * is the visible reading alone, the part a shop never seen tests hardest.
 */
function withoutStructuredData(html: string): string {
  return html
    .replace(/<script[^>]*application\/ld\+json[^>]*>[\s\S]*?<\/script>/gi, "")
    .replace(/\s(?:itemprop|itemscope|itemtype|typeof|vocab)(?:=(?:"[^"]*"|'[^']*'|[^\s>]*))?/gi, " ")
    .replace(/<meta[^>]*(?:price|availab|currency|product:)[^>]*>/gi, "");
}

function run(off: PickingRule[], visibleOnly = false) {
  for (const rule of rules) pickingRules[rule] = !off.includes(rule);
  const result = products.map((page, i) => {
    const input = inputs[i] as ReturnType<typeof corpusInput>;
    const snapshot = extractSnapshotSync(
      visibleOnly ? { ...input, text: withoutStructuredData(input.text), bytes: undefined } : input,
    );
    const price = priceOk(page, snapshot);
    const availability = page.truth?.availability ? availabilityOk(page, snapshot) : null;
    return { page, shop: shopOf(page), price, availability };
  });
  for (const rule of rules) pickingRules[rule] = true;
  return result;
}

const pct = (ok: number, total: number) => (total === 0 ? "-" : `${((100 * ok) / total).toFixed(1)}%`);

function summary(oks: { shop: string; ok: boolean }[]) {
  const byShop = new Map<string, [number, number]>();
  for (const { shop, ok } of oks) {
    const tally = byShop.get(shop) ?? [0, 0];
    tally[1]++;
    if (ok) tally[0]++;
    byShop.set(shop, tally);
  }
  const ok = oks.filter((o) => o.ok).length;
  const shopMean = [...byShop.values()].reduce((sum, [o, t]) => sum + o / t, 0) / byShop.size;
  return {
    pages: `${ok}/${oks.length} = ${pct(ok, oks.length)}`,
    perShop: pct(shopMean, 1),
    shops: byShop.size,
  };
}

const full = run([]);
console.log("shop\tprice\tavailability");
const shops = [...new Set(full.map((r) => r.shop))].sort();
for (const shop of shops) {
  const rows = full.filter((r) => r.shop === shop);
  const withAvailability = rows.filter((r) => r.availability !== null);
  console.log(
    `${shop}\t${rows.filter((r) => r.price.ok).length}/${rows.length}\t${withAvailability.filter((r) => r.availability?.ok).length}/${withAvailability.length}`,
  );
}

type Run = ReturnType<typeof run>;

/**
 * What switching each rule off changes in one reading (full page or visible only): the shops it gains (or
 * loses) pages on, price and availability together (the rules are shared by both, and a rule written from
 * one shop's availability that also fixes another shop's price was not written from that second shop).
 */
function ruleEffectsOf(base: Run, visibleOnly: boolean) {
  const effects: Record<string, { gains: string[]; losses: string[] }> = {};
  for (const rule of rules) {
    const without = run([rule], visibleOnly);
    const gains: string[] = [];
    const losses: string[] = [];
    base.forEach((r, i) => {
      const w = without[i];
      if (w === undefined) return;
      if (r.price.ok !== w.price.ok) (r.price.ok ? gains : losses).push(`${r.shop} (price)`);
      if (r.availability !== null && r.availability.ok !== w.availability?.ok)
        (r.availability.ok ? gains : losses).push(`${r.shop} (availability)`);
    });
    effects[rule] = { gains, losses };
  }
  return effects;
}

type Effects = ReturnType<typeof ruleEffectsOf>;

/** Rules whose gains, over the readings given, all fall on one shop: that shop is scored without them. */
function singleShopRules(...readings: Effects[]): Map<string, PickingRule[]> {
  const onlyFor = new Map<string, PickingRule[]>();
  for (const rule of rules) {
    const gainedShops = new Set(readings.flatMap((e) => e[rule]?.gains ?? []).map((g) => g.split(" ")[0]));
    if (gainedShops.size !== 1) continue;
    const shop = [...gainedShops][0] as string;
    onlyFor.set(shop, [...(onlyFor.get(shop) ?? []), rule]);
  }
  return onlyFor;
}

/** Leave-one-shop-out for one reading: each shop scored with the rules only it supports switched off. */
function leaveOneShopOut(base: Run, visibleOnly: boolean, onlyFor: Map<string, PickingRule[]>) {
  const price: { shop: string; ok: boolean }[] = [];
  const availability: { shop: string; ok: boolean }[] = [];
  for (const shop of shops) {
    const off = onlyFor.get(shop) ?? [];
    const source = off.length === 0 ? base : run(off, visibleOnly);
    for (const r of source) {
      if (r.shop !== shop) continue;
      price.push({ shop, ok: r.price.ok });
      if (r.availability !== null) availability.push({ shop, ok: r.availability.ok });
    }
  }
  return { price, availability };
}

const visibleOnly = run([], true);
const ruleEffects = ruleEffectsOf(full, false);
const ruleEffectsVisible = ruleEffectsOf(visibleOnly, true);
const onlyFor = singleShopRules(ruleEffects);
const onlyForVisible = singleShopRules(ruleEffectsVisible);
/**
 * A rule's support counted over both readings of the same pages: one that gains on a single shop in the
 * full reading (other shops' structured data already gives their answer) but on several shops once their
 * structured data is gone could have been written without the first shop, so it is not switched off for it.
 */
const onlyForBoth = singleShopRules(ruleEffects, ruleEffectsVisible);
const heldOut = leaveOneShopOut(full, false, onlyFor);
const heldOutVisible = leaveOneShopOut(visibleOnly, true, onlyForVisible);
const heldOutBoth = leaveOneShopOut(full, false, onlyForBoth);
const heldOutVisibleBoth = leaveOneShopOut(visibleOnly, true, onlyForBoth);
const heldOutPrice = heldOut.price;
const heldOutAvailability = heldOut.availability;

/**
 * Pages that are not product pages (articles, listings, decoys) read without structured data: a price
 * found there is a wrong guess. Counted so that rules reading the visible page harder stay honest.
 */
const others = corpusPages().filter((p) => p.category === "article" || p.category === "listing");
const pricedOthers = others.flatMap((page) => {
  const input = corpusInput(page);
  const found = [input, { ...input, text: withoutStructuredData(input.text), bytes: undefined }].map(
    (i) => extractSnapshotSync(i).price,
  );
  return found.some((p) => p !== null) ? [`${page.file}: ${JSON.stringify(found)}`] : [];
});

console.log(
  JSON.stringify(
    {
      price: summary(full.map((r) => ({ shop: r.shop, ok: r.price.ok }))),
      priceLeaveOneShopOut: summary(heldOutPrice),
      availability: summary(
        full
          .filter((r) => r.availability !== null)
          .map((r) => ({ shop: r.shop, ok: r.availability?.ok ?? false })),
      ),
      availabilityLeaveOneShopOut: summary(heldOutAvailability),
      priceLeaveOneShopOutSupportInBothReadings: summary(heldOutBoth.price),
      availabilityLeaveOneShopOutSupportInBothReadings: summary(heldOutBoth.availability),
      priceVisibleOnly: summary(visibleOnly.map((r) => ({ shop: r.shop, ok: r.price.ok }))),
      priceVisibleOnlyLeaveOneShopOut: summary(heldOutVisible.price),
      availabilityVisibleOnly: summary(
        visibleOnly
          .filter((r) => r.availability !== null)
          .map((r) => ({ shop: r.shop, ok: r.availability?.ok ?? false })),
      ),
      availabilityVisibleOnlyLeaveOneShopOut: summary(heldOutVisible.availability),
      priceVisibleOnlyLeaveOneShopOutSupportInBothReadings: summary(heldOutVisibleBoth.price),
      availabilityVisibleOnlyLeaveOneShopOutSupportInBothReadings: summary(heldOutVisibleBoth.availability),
      articlesAndListingsWithAPrice: `${pricedOthers.length}/${others.length}`,
      ruleEffects,
      rulesScoredOffFor: Object.fromEntries(onlyFor),
      ruleEffectsVisibleOnly: ruleEffectsVisible,
      rulesScoredOffForVisibleOnly: Object.fromEntries(onlyForVisible),
      rulesScoredOffForSupportInBothReadings: Object.fromEntries(onlyForBoth),
    },
    null,
    2,
  ),
);
if (showMisses) {
  for (const line of pricedOthers) console.log(`priced non-product page: ${line}`);
  for (const r of full) {
    if (!r.price.ok) console.log(`miss: price ${r.page.file}: ${r.price.detail}`);
    if (r.availability !== null && !r.availability.ok)
      console.log(`miss: availability ${r.page.file}: ${r.availability.detail}`);
  }
  for (const r of visibleOnly) {
    if (!r.price.ok) console.log(`miss (visible only): price ${r.page.file}: ${r.price.detail}`);
    if (r.availability !== null && !r.availability.ok)
      console.log(`miss (visible only): availability ${r.page.file}: ${r.availability.detail}`);
  }
}

export type { CorpusPage };
