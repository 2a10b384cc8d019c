import { randomUUID } from "node:crypto";
import type {
  AuthUser,
  Channel,
  createChannelSchema,
  PlanName,
  verifyChannelSchema,
} from "@changeradar/contracts";
import { assertPublicUrl } from "@changeradar/engine";
import type { z } from "zod";
import type { Clock } from "../clock";
import type { Config } from "../config";
import type { Database } from "../db/database";
import type { ChannelRow } from "../db/schema/alerts";
import { assertChannelsAllowed } from "../entitlements";
import { Conflict, Invalid, NotFound } from "../http/errors";
import type { Mailer } from "../mail/mailer";
import { sendVerificationCode, type VerificationDeps, verifyChannelCode } from "./channel-verification";
import { getChannel, parseChannelConfig } from "./channels/registry";
import { generateWebhookSecret } from "./channels/webhook-signature";
import { presentChannel } from "./channels.presenter";
import * as repo from "./channels.repository";
import { DELIVERIES_CHANNEL, insertDeliveries, publish } from "./outbox.repository";
import { buildTestMessage } from "./render/test-message";
import { createSecretBox, type SecretBox } from "./secret-box";

/** A user's alert channels: create (plan-gated), list, remove, verify, send a test. */

export const MAX_CHANNELS_PER_USER = 25;

export interface ChannelsDeps {
  db: Database;
  config: Pick<Config, "appUrl" | "allowPrivateTargets" | "jwtSecret">;
  mailer: Mailer;
  clock: Clock;
}

export function createChannelsService(deps: ChannelsDeps) {
  const box: SecretBox = createSecretBox(deps.config.jwtSecret);
  const verification: VerificationDeps = { ...deps, secret: deps.config.jwtSecret };

  async function owned(user: AuthUser, id: string): Promise<ChannelRow> {
    const row = await repo.findChannel(deps.db, user.id, id);
    if (!row) throw new NotFound("Channel not found.");
    return row;
  }

  return {
    async list(user: AuthUser): Promise<Channel[]> {
      const rows = await repo.listChannels(deps.db, user.id);
      const last = await repo.lastDeliveries(
        deps.db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => presentChannel(row, box, last.get(row.id)));
    },

    /** `plan`: the plan in force (entitlements/). */
    async create(
      user: AuthUser,
      plan: PlanName,
      input: z.output<typeof createChannelSchema>,
    ): Promise<Channel> {
      const { type, name, config: rawConfig } = input;
      assertChannelsAllowed(plan, [type]);
      if ((await repo.countChannels(deps.db, user.id)) >= MAX_CHANNELS_PER_USER) {
        throw new Conflict(
          `You can have up to ${MAX_CHANNELS_PER_USER} alert channels. Remove one to add another.`,
        );
      }
      // The signing secret is always ours: generated here and shown once.
      const secret = type === "webhook" ? generateWebhookSecret() : undefined;
      const parsed = parseChannelConfig(type, secret ? { ...rawConfig, secret } : rawConfig, {
        allowInsecureTargets: deps.config.allowPrivateTargets,
      });
      if (!parsed.ok) {
        const errors = parsed.problems.map((p) => ({
          path: p.path ? `config.${p.path}` : "config",
          msg: p.msg,
        }));
        throw new Invalid(errors[0]?.msg ?? "The channel settings are invalid.", errors);
      }
      const config = parsed.config as Record<string, unknown>;
      await assertPublicReceiver(config, deps.config.allowPrivateTargets);

      const secretFields = getChannel(type).secretFields as readonly string[];
      const publicConfig = Object.fromEntries(
        Object.entries(config).filter(([key]) => !secretFields.includes(key)),
      );
      const secrets = Object.fromEntries(
        Object.entries(config).filter(([key]) => secretFields.includes(key)),
      );
      const ownAddress =
        type === "email" &&
        user.emailVerified &&
        String(config.to).toLowerCase() === user.email.toLowerCase();
      const row = await repo.insertChannel(deps.db, {
        userId: user.id,
        type,
        name,
        config: publicConfig,
        sealedSecrets: Object.keys(secrets).length > 0 ? box.seal(JSON.stringify(secrets)) : null,
        verifiedAt: type !== "email" || ownAddress ? deps.clock.now() : null,
      });
      if (type === "email" && !ownAddress) await sendVerificationCode(verification, row, { resend: false });
      return presentChannel(row, box, undefined, secret);
    },

    async remove(user: AuthUser, id: string): Promise<void> {
      const row = await owned(user, id);
      await repo.deleteChannel(deps.db, row.id);
    },

    async verify(user: AuthUser, id: string, input: z.output<typeof verifyChannelSchema>): Promise<Channel> {
      const row = await owned(user, id);
      if (row.type !== "email" || row.verifiedAt) throw new Conflict("This channel is already verified.");
      await verifyChannelCode(verification, row, input.code);
      const verified = await owned(user, id);
      return presentChannel(verified, box, undefined);
    },

    async resendVerification(user: AuthUser, id: string): Promise<void> {
      const row = await owned(user, id);
      if (row.type !== "email" || row.verifiedAt) throw new Conflict("This channel is already verified.");
      await sendVerificationCode(verification, row, { resend: true });
    },

    /** Queues a sample alert through the same dispatcher pipeline as real alerts. */
    async sendTest(
      user: AuthUser,
      plan: PlanName,
      id: string,
    ): Promise<{ queued: true; deliveryId: string }> {
      const row = await owned(user, id);
      assertChannelsAllowed(plan, [row.type]);
      if (row.type === "email" && !row.verifiedAt) {
        throw new Invalid("Verify this email address first: enter the code we mailed to it.");
      }
      const message = buildTestMessage(row.type, deps.config.appUrl, deps.clock.now());
      const deliveryId = randomUUID();
      await deps.db.transaction(async (tx) => {
        await insertDeliveries(tx, [
          {
            id: deliveryId,
            userId: user.id,
            channelId: row.id,
            channelType: row.type,
            channelName: row.name,
            kind: "test",
            payload: message,
          },
        ]);
        await publish(tx, DELIVERIES_CHANNEL, "");
      });
      return { queued: true, deliveryId };
    },
  };
}

export type ChannelsService = ReturnType<typeof createChannelsService>;

/**
 * Receiver URLs pointing at private addresses are refused at creation (the dispatcher's guarded agent
 * enforces it again at connect time). A host that does not resolve right now is accepted: DNS may be
 * temporarily down, and sending re-checks it.
 */
async function assertPublicReceiver(
  config: Record<string, unknown>,
  allowPrivateTargets: boolean,
): Promise<void> {
  for (const field of ["url", "server"]) {
    const value = config[field];
    if (typeof value !== "string") continue;
    try {
      await assertPublicUrl(value, { allowPrivateTargets });
    } catch (error) {
      if ((error as { code?: string }).code === "dns") continue;
      throw Invalid.field(`config.${field}`, (error as Error).message);
    }
  }
}
