import { z } from "zod";
import { renderTelegramText } from "../render/telegram";
import { postToReceiver } from "./http-delivery";
import type { ChannelDefinition } from "./types";

export const TELEGRAM_API_BASE = "https://api.telegram.org";

const configSchema = z.object({
  botToken: z
    .string({ error: "The bot token is required" })
    .trim()
    .regex(/^\d{3,}:[A-Za-z0-9_-]{30,}$/, "The bot token looks like 123456789:AA… (from @BotFather)"),
  chatId: z
    .string({ error: "The chat id is required" })
    .trim()
    .regex(
      /^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$/,
      "The chat id is a number (e.g. -1001234567890) or @channelname",
    ),
});
export type TelegramConfig = z.infer<typeof configSchema>;

/** Bot API sendMessage with HTML formatting; link previews off so the alert stays compact. */
export const telegramChannel: ChannelDefinition<TelegramConfig> = {
  type: "telegram",
  label: "Telegram",
  configSchema,
  secretFields: ["botToken"],
  async send(config, message, ctx) {
    const base = (ctx.apiBase?.telegram ?? TELEGRAM_API_BASE).replace(/\/+$/, "");
    const body = JSON.stringify({
      chat_id: config.chatId,
      text: renderTelegramText(message),
      parse_mode: "HTML",
      link_preview_options: { is_disabled: true },
    });
    return postToReceiver(
      {
        receiver: "Telegram",
        url: `${base}/bot${config.botToken}/sendMessage`,
        headers: { "content-type": "application/json" },
        body,
      },
      ctx,
    );
  },
};
