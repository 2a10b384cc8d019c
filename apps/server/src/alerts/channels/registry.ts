import type { ChannelType } from "@changeradar/contracts";
import { discordChannel } from "./discord";
import { emailChannel } from "./email";
import { ntfyChannel } from "./ntfy";
import { slackChannel } from "./slack";
import { smsChannel } from "./sms";
import { teamsChannel } from "./teams";
import { telegramChannel } from "./telegram";
import type { ChannelDefinition, ConfigCheckOptions, ConfigProblem } from "./types";
import { webhookChannel } from "./webhook";

// Each definition is typed by its own config; the registry erases that to `unknown` for generic callers.
export const channels: Record<ChannelType, ChannelDefinition<unknown>> = {
  email: emailChannel as ChannelDefinition<unknown>,
  sms: smsChannel as ChannelDefinition<unknown>,
  webhook: webhookChannel as ChannelDefinition<unknown>,
  slack: slackChannel as ChannelDefinition<unknown>,
  discord: discordChannel as ChannelDefinition<unknown>,
  teams: teamsChannel as ChannelDefinition<unknown>,
  telegram: telegramChannel as ChannelDefinition<unknown>,
  ntfy: ntfyChannel as ChannelDefinition<unknown>,
};

export function getChannel(type: ChannelType): ChannelDefinition<unknown> {
  const channel = channels[type];
  if (!channel) throw new Error(`Unknown alert channel type: ${String(type)}`);
  return channel;
}

export type ConfigParseResult = { ok: true; config: unknown } | { ok: false; problems: ConfigProblem[] };

/** Schema plus deployment rules (https, known hosts): what the channels API runs on create and update. */
export function parseChannelConfig(
  type: ChannelType,
  input: unknown,
  options: ConfigCheckOptions,
): ConfigParseResult {
  const channel = getChannel(type);
  const parsed = channel.configSchema.safeParse(input);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => ({ path: issue.path.join("."), msg: issue.message }));
    return { ok: false, problems };
  }
  const problems = channel.validate?.(parsed.data, options) ?? [];
  return problems.length > 0 ? { ok: false, problems } : { ok: true, config: parsed.data };
}
