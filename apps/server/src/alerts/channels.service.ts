import { randomUUID } from "node:crypto";
import type { Channel, createChannelSchema, verifyChannelSchema } from "@changeradar/contracts";
import { assertPublicUrl } from "@changeradar/engine";
import type { z } from "zod";
import type { ChannelRow } from "../db/schema/alerts";
import { assertChannelsAllowed, type UserContext } from "../entitlements";
import { Conflict, Invalid, NotFound } from "../http/errors";
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

type Ctx = UserContext<"db" | "config" | "mailer" | "clock">;

/**
 * Channel secrets are sealed with a key derived from the server secret: derived once per secret and kept
 * here (a server has one), as the factory this replaced kept it for its life.
 */
const boxes = new Map<string, SecretBox>();
function boxOf(ctx: Pick<Ctx, "config">): SecretBox {
  const secret = ctx.config.jwtSecret;
  const box = boxes.get(secret) ?? createSecretBox(secret);
  boxes.set(secret, box);
  return box;
}

const verificationOf = (ctx: Ctx): VerificationDeps => ({ ...ctx, secret: ctx.config.jwtSecret });

async function owned(ctx: Ctx, id: string): Promise<ChannelRow> {
  const row = await repo.findChannel(ctx.db, ctx.user.id, id);
  if (!row) throw new NotFound("Channel not found.");
  return row;
}

export async function listChannels(ctx: Ctx): Promise<Channel[]> {
  const rows = await repo.listChannels(ctx.db, ctx.user.id);
  const last = await repo.lastDeliveries(
    ctx.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => presentChannel(row, boxOf(ctx), last.get(row.id)));
}

/** Gated by the plan in force (`ctx.user.plan`, entitlements/). */
export async function createChannel(ctx: Ctx, input: z.output<typeof createChannelSchema>): Promise<Channel> {
  const { user } = ctx;
  const { type, name, config: rawConfig } = input;
  assertChannelsAllowed(user.plan, [type]);
  if ((await repo.countChannels(ctx.db, user.id)) >= MAX_CHANNELS_PER_USER) {
    throw new Conflict(
      `You can have up to ${MAX_CHANNELS_PER_USER} alert channels. Remove one to add another.`,
    );
  }
  // The signing secret is always ours: generated here and shown once.
  const secret = type === "webhook" ? generateWebhookSecret() : undefined;
  const parsed = parseChannelConfig(type, secret ? { ...rawConfig, secret } : rawConfig, {
    allowInsecureTargets: ctx.config.allowPrivateTargets,
  });
  if (!parsed.ok) {
    const errors = parsed.problems.map((p) => ({
      path: p.path ? `config.${p.path}` : "config",
      msg: p.msg,
    }));
    throw new Invalid(errors[0]?.msg ?? "The channel settings are invalid.", errors);
  }
  const config = parsed.config as Record<string, unknown>;
  await assertPublicReceiver(config, ctx.config.allowPrivateTargets);

  const secretFields = getChannel(type).secretFields as readonly string[];
  const publicConfig = Object.fromEntries(
    Object.entries(config).filter(([key]) => !secretFields.includes(key)),
  );
  const secrets = Object.fromEntries(Object.entries(config).filter(([key]) => secretFields.includes(key)));
  const ownAddress =
    type === "email" && user.emailVerified && String(config.to).toLowerCase() === user.email.toLowerCase();
  const box = boxOf(ctx);
  const row = await repo.insertChannel(ctx.db, {
    userId: user.id,
    type,
    name,
    config: publicConfig,
    sealedSecrets: Object.keys(secrets).length > 0 ? box.seal(JSON.stringify(secrets)) : null,
    verifiedAt: type !== "email" || ownAddress ? ctx.clock.now() : null,
  });
  if (type === "email" && !ownAddress)
    await sendVerificationCode(verificationOf(ctx), row, { resend: false });
  return presentChannel(row, box, undefined, secret);
}

export async function removeChannel(ctx: Ctx, input: { id: string }): Promise<void> {
  const row = await owned(ctx, input.id);
  await repo.deleteChannel(ctx.db, row.id);
}

export async function verifyChannel(
  ctx: Ctx,
  input: z.output<typeof verifyChannelSchema> & { id: string },
): Promise<Channel> {
  const row = await owned(ctx, input.id);
  if (row.type !== "email" || row.verifiedAt) throw new Conflict("This channel is already verified.");
  await verifyChannelCode(verificationOf(ctx), row, input.code);
  const verified = await owned(ctx, input.id);
  return presentChannel(verified, boxOf(ctx), undefined);
}

export async function resendChannelVerification(ctx: Ctx, input: { id: string }): Promise<void> {
  const row = await owned(ctx, input.id);
  if (row.type !== "email" || row.verifiedAt) throw new Conflict("This channel is already verified.");
  await sendVerificationCode(verificationOf(ctx), row, { resend: true });
}

/** Queues a sample alert through the same dispatcher pipeline as real alerts. */
export async function sendTestAlert(
  ctx: Ctx,
  input: { id: string },
): Promise<{ queued: true; deliveryId: string }> {
  const row = await owned(ctx, input.id);
  assertChannelsAllowed(ctx.user.plan, [row.type]);
  if (row.type === "email" && !row.verifiedAt) {
    throw new Invalid("Verify this email address first: enter the code we mailed to it.");
  }
  const message = buildTestMessage(row.type, ctx.config.appUrl, ctx.clock.now());
  const deliveryId = randomUUID();
  await ctx.db.transaction(async (tx) => {
    await insertDeliveries(tx, [
      {
        id: deliveryId,
        userId: ctx.user.id,
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
}

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
