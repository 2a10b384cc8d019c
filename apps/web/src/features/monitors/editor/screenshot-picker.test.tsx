import type { PickerScreenshot } from "@changeradar/contracts";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AxiosError, AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from "axios";
import { afterAll, describe, expect, it, vi } from "vitest";
import { apiClient } from "../../../api/client";
import { renderScreen } from "../../../test/render";
import { ScreenshotPicker } from "./screenshot-picker";

const shot: PickerScreenshot = {
  url: "https://shop.test/lamp",
  finalUrl: "https://shop.test/lamp",
  screenshot: "data:image/png;base64,iVBORw0KGgo=",
  width: 1280,
  height: 800,
  elements: [
    { x: 0, y: 0, width: 1280, height: 400, selector: "main", tag: "main", text: "Desk lamp Price: 30 EUR" },
    { x: 40, y: 40, width: 300, height: 40, selector: "h1.title", tag: "h1", text: "Desk lamp" },
    { x: 200, y: 300, width: 300, height: 50, selector: "p.price", tag: "p", text: "Price: 30 EUR" },
  ],
  truncated: false,
};

/** The picker's one request, answered by `reply` behind the real client. */
let reply: (config: InternalAxiosRequestConfig) => AxiosResponse = () => {
  throw new Error("no answer set");
};
const originalAdapter = apiClient.defaults.adapter;
apiClient.defaults.adapter = async (config) => {
  config.headers = AxiosHeaders.from(config.headers);
  return reply(config);
};
afterAll(() => {
  apiClient.defaults.adapter = originalAdapter;
});
const answer = (config: InternalAxiosRequestConfig, status: number, data: unknown): AxiosResponse => {
  const response = { data, status, statusText: "", headers: {}, config };
  if (status >= 400) throw new AxiosError("refused", "ERR_BAD_REQUEST", config, null, response);
  return response;
};

describe("the screenshot picker", () => {
  it("says it is rendering, then lists the page's parts; the keyboard moves through them and Enter picks", async () => {
    const requests: unknown[] = [];
    reply = (config) => {
      requests.push({ url: config.url, body: JSON.parse(String(config.data)) });
      return answer(config, 200, shot);
    };
    const onPick = vi.fn();
    renderScreen(
      <ScreenshotPicker request={{ url: shot.url, steps: [] }} selector="p.price" onPick={onPick} />,
    );
    expect(screen.getByRole("status")).toHaveTextContent("Rendering the page…");
    const parts = await screen.findByRole("listbox", { name: "Parts of the page" });
    expect(requests).toEqual([{ url: "/monitors/picker/screenshot", body: { url: shot.url, steps: [] } }]);
    expect(screen.getByRole("img", { name: `Screenshot of ${shot.finalUrl}` })).toBeVisible();
    // The current selector's part is the one marked chosen.
    expect(screen.getByRole("option", { name: "p: Price: 30 EUR" })).toHaveAttribute("aria-selected", "true");

    const user = userEvent.setup();
    parts.focus();
    await user.keyboard("{Home}{ArrowDown}");
    expect(parts).toHaveAttribute(
      "aria-activedescendant",
      screen.getByRole("option", { name: "h1: Desk lamp" }).id,
    );
    await user.keyboard("{Enter}");
    expect(onPick).toHaveBeenLastCalledWith("h1.title", "Desk lamp");
    await user.keyboard("{End}{Enter}");
    expect(onPick).toHaveBeenLastCalledWith("p.price", "Price: 30 EUR");
  });

  it("says why when the page could not be rendered, and can try again", async () => {
    let calls = 0;
    reply = (config) => {
      calls++;
      return answer(config, 400, {
        message: "Validation failed",
        errors: [{ path: "url", msg: "We could not load this page: the server answered 503" }],
      });
    };
    renderScreen(
      <ScreenshotPicker request={{ url: shot.url, steps: [] }} selector={null} onPick={() => {}} />,
    );
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(
      "We could not render this page for the picker. We could not load this page: the server answered 503",
    );
    await userEvent.setup().click(screen.getByRole("button", { name: "Try again" }));
    await vi.waitFor(() => expect(calls).toBe(2));
  });

  it("says so when nothing on the page can be picked", async () => {
    reply = (config) => answer(config, 200, { ...shot, elements: [] });
    renderScreen(
      <ScreenshotPicker request={{ url: shot.url, steps: [] }} selector={null} onPick={() => {}} />,
    );
    expect(await screen.findByText(/We found nothing visible to pick on this page/)).toBeVisible();
  });
});
