import type { ChannelType } from "@changeradar/contracts";

export interface ConfigField {
  key: string;
  label: string;
  placeholder?: string;
  helper?: string;
  optional?: boolean;
  secret?: boolean;
}

/** The settings each channel type asks for (the server validates them and masks secrets). */
export const channelFields: Record<ChannelType, ConfigField[]> = {
  email: [
    {
      key: "to",
      label: "Email address",
      placeholder: "you@example.com",
      helper: "Other addresses than yours get a code to verify.",
    },
  ],
  sms: [
    {
      key: "to",
      label: "Phone number",
      placeholder: "+15551234567",
      helper: "International format, starting with +",
    },
  ],
  webhook: [
    {
      key: "url",
      label: "Webhook URL",
      placeholder: "https://example.com/hooks/changeradar",
      helper: "We POST signed JSON (Standard Webhooks); the signing secret is shown once.",
    },
  ],
  slack: [
    { key: "url", label: "Slack incoming webhook URL", placeholder: "https://hooks.slack.com/services/…" },
  ],
  discord: [{ key: "url", label: "Discord webhook URL", placeholder: "https://discord.com/api/webhooks/…" }],
  teams: [{ key: "url", label: "Teams workflow webhook URL", placeholder: "https://…" }],
  telegram: [
    { key: "botToken", label: "Bot token", secret: true },
    { key: "chatId", label: "Chat id" },
  ],
  ntfy: [
    { key: "topic", label: "Topic" },
    { key: "server", label: "Server", placeholder: "https://ntfy.sh", optional: true },
    { key: "token", label: "Access token", optional: true, secret: true },
  ],
};
