import { renderDiscord } from "../render/discord";
import { defineChatWebhookChannel } from "./chat-webhook";

export const discordChannel = defineChatWebhookChannel({
  type: "discord",
  label: "Discord",
  hostSuffixes: ["discord.com", "discordapp.com"],
  render: renderDiscord,
});
