import { renderSlack } from "../render/slack";
import { defineChatWebhookChannel } from "./chat-webhook";

export const slackChannel = defineChatWebhookChannel({
  type: "slack",
  label: "Slack",
  hostSuffixes: ["slack.com", "slack-gov.com"],
  render: renderSlack,
});
