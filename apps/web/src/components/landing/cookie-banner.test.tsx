import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { analyticsEnabled, disableAnalytics } from "../../lib/analytics";
import { consentChangedEvent, cookieConsentKey } from "../../lib/cookie-consent";
import { renderScreen } from "../../test/render";
import { CookieBanner } from "./cookie-banner";

function listen() {
  const events: unknown[] = [];
  const handler = (e: Event) => events.push((e as CustomEvent).detail);
  window.addEventListener(consentChangedEvent, handler);
  return { events, stop: () => window.removeEventListener(consentChangedEvent, handler) };
}

afterEach(() => disableAnalytics());

describe("CookieBanner (spec §4)", () => {
  it("shows while no choice is stored, with a Learn more link to /privacy", () => {
    renderScreen(<CookieBanner />);
    expect(screen.getByRole("region", { name: "Cookie consent" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Learn more" })).toHaveAttribute("href", "/privacy");
  });

  it("Accept All stores 'all', hides the banner, starts analytics and sends the consent-changed event", async () => {
    const listener = listen();
    renderScreen(<CookieBanner />);
    await userEvent.click(screen.getByRole("button", { name: "Accept All Cookies" }));
    expect(localStorage.getItem(cookieConsentKey)).toBe("all");
    expect(screen.queryByRole("region", { name: "Cookie consent" })).not.toBeInTheDocument();
    expect(analyticsEnabled()).toBe(true);
    expect(listener.events).toEqual(["all"]);
    listener.stop();
  });

  it("Essential Only stores 'essential', hides the banner and keeps analytics off", async () => {
    const listener = listen();
    renderScreen(<CookieBanner />);
    await userEvent.click(screen.getByRole("button", { name: "Essential Only" }));
    expect(localStorage.getItem(cookieConsentKey)).toBe("essential");
    expect(screen.queryByRole("region", { name: "Cookie consent" })).not.toBeInTheDocument();
    expect(analyticsEnabled()).toBe(false);
    expect(listener.events).toEqual([]);
    listener.stop();
  });

  it.each(["all", "essential"])("stays hidden once %s is stored", (value) => {
    localStorage.setItem(cookieConsentKey, value);
    renderScreen(<CookieBanner />);
    expect(screen.queryByRole("region", { name: "Cookie consent" })).not.toBeInTheDocument();
  });

  it("shows again when the stored value is not a known choice", () => {
    localStorage.setItem(cookieConsentKey, "maybe");
    renderScreen(<CookieBanner />);
    expect(screen.getByRole("region", { name: "Cookie consent" })).toBeInTheDocument();
  });
});
