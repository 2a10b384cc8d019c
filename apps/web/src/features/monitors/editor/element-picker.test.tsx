import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "../../../test/render";
import { ElementPicker } from "./element-picker";

describe("the element picker's frame", () => {
  it("is sandboxed without allow-scripts, whatever the page's HTML holds", () => {
    renderScreen(
      <ElementPicker html="<style>h1 { color: red }</style><h1>Hi</h1>" selector={null} onPick={() => {}} />,
    );
    const frame = screen.getByTitle(/Page preview/);
    expect(frame.tagName).toBe("IFRAME");
    expect(frame.hasAttribute("sandbox")).toBe(true);
    const allowed = (frame.getAttribute("sandbox") ?? "").split(/\s+/).filter(Boolean);
    // allow-same-origin only lets this window attach its handlers; with allow-scripts the page could escape.
    expect(allowed).toEqual(["allow-same-origin"]);
  });
});
