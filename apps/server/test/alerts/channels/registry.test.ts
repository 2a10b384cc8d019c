import { channelLabels, channelTypes } from "@changeradar/contracts";
import { describe, expect, it } from "vitest";
import { channels, getChannel, parseChannelConfig } from "../../../src/alerts/channels/registry";

describe("channel registry", () => {
  it("has one definition per contract channel type, under its own type and label", () => {
    expect(Object.keys(channels).sort()).toEqual([...channelTypes].sort());
    for (const type of channelTypes) {
      expect(getChannel(type).type).toBe(type);
      expect(getChannel(type).label).toBe(channelLabels[type]);
    }
  });

  it("names the credentials the caller must encrypt", () => {
    const secrets = Object.fromEntries(channelTypes.map((type) => [type, getChannel(type).secretFields]));
    expect(secrets).toEqual({
      email: [],
      sms: ["authToken"],
      webhook: ["secret"],
      slack: ["url"],
      discord: ["url"],
      teams: ["url"],
      telegram: ["botToken"],
      ntfy: ["token"],
    });
  });

  it("answers a missing config with one clear problem per field", () => {
    expect(parseChannelConfig("telegram", {}, {})).toEqual({
      ok: false,
      problems: [
        { path: "botToken", msg: "The bot token is required" },
        { path: "chatId", msg: "The chat id is required" },
      ],
    });
    expect(parseChannelConfig("discord", { url: "javascript:alert(1)" }, {})).toEqual({
      ok: false,
      problems: [{ path: "url", msg: "The Discord webhook URL must be a valid http or https URL" }],
    });
    expect(
      parseChannelConfig("teams", { url: "https://contoso.webhook.office.com/webhookb2/x" }, {}).ok,
    ).toBe(true);
  });

  it("throws a clear error for an unknown type", () => {
    expect(() => getChannel("pager" as never)).toThrow("Unknown alert channel type: pager");
  });
});
