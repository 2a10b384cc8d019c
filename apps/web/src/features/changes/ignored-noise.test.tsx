import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "../../test/render";
import { ChangeTimeline } from "./change-timeline";
import { describeIgnored, describeIgnoredBriefly } from "./ignored-noise";

describe("what the noise filter ignored, in words", () => {
  it("names each kind with its count, singular or plural, and leaves out what hid nothing", () => {
    expect(describeIgnored({ timestamps: 3, counters: 1 })).toBe("3 timestamps, 1 counter ignored");
    expect(describeIgnored({ ids: 2, learned: 1 })).toBe("2 ids, 1 learned noisy line ignored");
  });

  it("says nothing when only rules hid lines (each rule is named on its own line)", () => {
    expect(describeIgnored({ rules: [{ rule: "deal", lines: 1 }] })).toBeNull();
  });
});

describe("the change timeline", () => {
  it("says what the noise filter ignored on the check that found each change", () => {
    const change = {
      monitorId: "m1",
      monitorName: "Kettle",
      detectedAt: "2026-11-24T10:00:00.000Z",
      kinds: ["text" as const],
      summary: "Text changed",
      significance: 40,
      rating: null,
    };
    renderScreen(
      <ChangeTimeline
        changes={[
          { ...change, id: "c1", ignored: { timestamps: 1, counters: 1 } },
          { ...change, id: "c2", ignored: null },
        ]}
        selectedId={null}
        onSelect={() => {}}
      />,
    );
    const entries = screen.getAllByRole("listitem");
    expect(entries[0]).toHaveTextContent("1 timestamp, 1 counter ignored");
    expect(entries[1]).not.toHaveTextContent("ignored");
  });

  it("adds the lines the user's rules hid, in one short line", () => {
    expect(describeIgnoredBriefly({ timestamps: 2, rules: [{ rule: "deal", lines: 1 }] })).toBe(
      "2 timestamps ignored; your ignore rules hid 1 line",
    );
    expect(
      describeIgnoredBriefly({
        rules: [
          { rule: "a", lines: 2 },
          { rule: "b", lines: 1 },
        ],
      }),
    ).toBe("Your ignore rules hid 3 lines");
    expect(describeIgnoredBriefly({})).toBeNull();
  });
});
