import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "../../../test/render";
import { RenderJsField } from "./render-js-field";
import { WatchKindsField } from "./watch-kinds-field";

const noop = () => {};

/** The editor gates rendering as the server does (plans.rendering): Free cannot switch it on. */
describe("rendering in the monitor editor, by plan", () => {
  it("Free: the Render JavaScript switch and the visual kind are off and name the Personal plan", () => {
    renderScreen(
      <>
        <RenderJsField plan="Free" value={false} onChange={noop} forced={false} />
        <WatchKindsField plan="Free" value={["text"]} onChange={noop} />
      </>,
    );
    expect(screen.getByRole("switch", { name: /Render JavaScript/ })).toBeDisabled();
    expect(screen.getByText(/Needs the Personal plan or higher/)).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: /Visual \(screenshot\)/ })).toBeDisabled();
    expect(screen.getByRole("checkbox", { name: /^Text/ })).toBeEnabled();
  });

  it("Free with a monitor that renders from a higher plan: it can be switched off", () => {
    renderScreen(<RenderJsField plan="Free" value onChange={noop} forced={false} />);
    expect(screen.getByRole("switch", { name: /Render JavaScript/ })).toBeEnabled();
  });

  it("Personal: both are available", () => {
    renderScreen(
      <>
        <RenderJsField plan="Personal" value={false} onChange={noop} forced={false} />
        <WatchKindsField plan="Personal" value={["text"]} onChange={noop} />
      </>,
    );
    expect(screen.getByRole("switch", { name: /Render JavaScript/ })).toBeEnabled();
    expect(screen.getByRole("checkbox", { name: /Visual \(screenshot\)/ })).toBeEnabled();
    expect(screen.queryByText(/plan or higher/)).toBeNull();
  });
});
