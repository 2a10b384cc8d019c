import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { StatsSection, statsDelayMs } from "./stats-section";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("StatsSection (spec §1)", () => {
  it("shows the four claims, fading in one second after load", () => {
    render(<StatsSection />);
    const stats = screen.getByTestId("stats");
    for (const value of ["1K+", "5K+", "99.9%", "< 30s"]) expect(screen.getByText(value)).toBeInTheDocument();
    expect(stats).toHaveStyle({ visibility: "hidden" });
    act(() => vi.advanceTimersByTime(statsDelayMs - 1));
    expect(stats).toHaveStyle({ visibility: "hidden" });
    act(() => vi.advanceTimersByTime(1));
    expect(stats).not.toHaveStyle({ visibility: "hidden" });
    expect(statsDelayMs).toBe(1000);
  });
});
