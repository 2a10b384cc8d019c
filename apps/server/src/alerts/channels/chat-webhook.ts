import type { AlertMessage, ChannelType } from "@changeradar/contracts";
import { z } from "zod";
import { checkReceiverUrl, httpUrlField, refuseInsecureTarget } from "./config-fields";
import { postToReceiver } from "./http-delivery";
import type { ChannelDefinition } from "./types";

export interface ChatWebhookConfig {
  url: string;
}

interface ChatWebhookSpec {
  type: ChannelType;
  label: string;
  /** Hosts the service issues webhook URLs on (checked loosely, by suffix). */
  hostSuffixes: readonly string[];
  render: (message: AlertMessage) => unknown;
}

/** Slack, Discord and Teams share one shape: a secret URL that takes a JSON POST. */
export function defineChatWebhookChannel(spec: ChatWebhookSpec): ChannelDefinition<ChatWebhookConfig> {
  const rules = { label: `The ${spec.label} webhook URL`, hostSuffixes: spec.hostSuffixes };
  return {
    type: spec.type,
    label: spec.label,
    configSchema: z.object({ url: httpUrlField(rules.label) }),
    // The URL itself is the credential: anyone holding it can post.
    secretFields: ["url"],
    validate: (config, options) => checkReceiverUrl(config.url, rules, options),
    async send(config, message, ctx) {
      const refused = refuseInsecureTarget(config.url, rules, ctx);
      if (refused) return refused;
      const body = JSON.stringify(spec.render(message));
      return postToReceiver(
        { receiver: spec.label, url: config.url, headers: { "content-type": "application/json" }, body },
        ctx,
      );
    },
  };
}
