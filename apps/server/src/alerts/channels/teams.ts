import { renderTeams } from "../render/teams";
import { defineChatWebhookChannel } from "./chat-webhook";

/** Classic incoming webhooks (webhook.office.com) and Workflows URLs (Logic Apps / Power Platform). */
export const teamsChannel = defineChatWebhookChannel({
  type: "teams",
  label: "Microsoft Teams",
  hostSuffixes: ["office.com", "office365.com", "logic.azure.com", "powerplatform.com", "microsoft.com"],
  render: renderTeams,
});
