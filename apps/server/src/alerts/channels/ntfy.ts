import { z } from "zod";
import { renderNtfy } from "../render/ntfy";
import { checkReceiverUrl, httpUrlField, refuseInsecureTarget, type UrlRules } from "./config-fields";
import { postToReceiver } from "./http-delivery";
import type { ChannelDefinition } from "./types";

export const NTFY_DEFAULT_SERVER = "https://ntfy.sh";

const configSchema = z.object({
  server: httpUrlField("The ntfy server URL").default(NTFY_DEFAULT_SERVER),
  topic: z
    .string({ error: "The topic is required" })
    .trim()
    .regex(/^[-_A-Za-z0-9]{1,64}$/, "The topic may use letters, digits, - and _ (at most 64)"),
  token: z.string().trim().min(1).max(256).optional(),
});
export type NtfyConfig = z.infer<typeof configSchema>;

const urlRules: UrlRules = { label: "The ntfy server URL", hostSuffixes: [], path: "server" };

/** Publishes to `{server}/{topic}`: the body is the message, metadata travels in headers. */
export const ntfyChannel: ChannelDefinition<NtfyConfig> = {
  type: "ntfy",
  label: "ntfy",
  configSchema,
  secretFields: ["token"],
  validate: (config, options) => checkReceiverUrl(config.server, urlRules, options),
  async send(config, message, ctx) {
    const refused = refuseInsecureTarget(config.server, urlRules, ctx);
    if (refused) return refused;
    const note = renderNtfy(message);
    const headers: Record<string, string> = {
      "content-type": "text/plain; charset=utf-8",
      title: headerText(note.title),
      priority: String(note.priority),
      tags: note.tags.join(","),
      click: headerText(note.click),
    };
    if (config.token) headers.authorization = `Bearer ${config.token}`;
    const url = `${config.server.replace(/\/+$/, "")}/${config.topic}`;
    return postToReceiver({ receiver: "The ntfy server", url, headers, body: note.body }, ctx);
  },
};

/** Header values must be single-line ASCII; ntfy decodes RFC 2047 encoded words for the rest. */
export function headerText(value: string): string {
  const line = value.replace(/[\r\n]+/g, " ");
  if (/^[\x20-\x7e]*$/.test(line)) return line;
  return `=?UTF-8?B?${Buffer.from(line, "utf8").toString("base64")}?=`;
}
