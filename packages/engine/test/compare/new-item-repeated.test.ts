/**
 * The workload's "new item" mutation applied again to a page it already changed (later rounds of the
 * multi-round run) must still add a new entry: cloning the same entry twice gave the second clone the
 * first one's link and title, the same entry shown twice, which the truth counted as a new item; a clone
 * whose title could not be replaced showed the page's text twice with only a new link.
 */
import { describe, expect, it } from "vitest";
import { compareSnapshots } from "../../src/compare";
import { extractSnapshotSync } from "../../src/extract";
import { corpusEntries, readCorpusPage } from "./mutations/corpus";
import { realHtmlMutations } from "./mutations/real-html";

const newItem = realHtmlMutations.find((m) => m.name === "new item");

describe("new item, applied to the same page in two rounds", () => {
  it.each([
    // The mutation picks the same entry to clone in both rounds.
    "article/en.wikipedia.org__ebola-epidemic.html",
    // The second time, the entry's title (a heading) is not inside the element cloned (a paragraph with the
    // entry's link): the clone showed the paragraph's text twice, only its link was new.
    "article/citylab.com__citylab-1.html",
  ])("%s: adds a second, different entry that is reported as new content", (file) => {
    const entry = corpusEntries().find((e) => e.file === file);
    expect(entry).toBeDefined();
    const page = readCorpusPage(entry as NonNullable<typeof entry>);
    const extract = (text: string) => extractSnapshotSync({ ...page.input, text, bytes: undefined });
    let text = page.input.text;
    for (const round of [1, 2]) {
      const before = extract(text);
      const next = newItem?.apply(text, before, page) ?? null;
      expect(next, `round ${round}`).not.toBeNull();
      text = next as string;
      const result = compareSnapshots(before, extract(text), { watch: ["new_content", "text"] });
      expect(result.kinds, `round ${round}: ${result.summary}`).toContain("new_content");
    }
  });
});
