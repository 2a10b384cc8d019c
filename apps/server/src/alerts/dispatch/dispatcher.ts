import { createGuardedAgent } from "@changeradar/engine";
import type { Clock } from "../../clock";
import type { Config } from "../../config";
import type { DatabaseHandle, Unsubscribe } from "../../db/database";
import type { DeliveryRow } from "../../db/schema/alerts";
import type { Logger } from "../../logger";
import type { Mailer } from "../../mail/mailer";
import type { BackgroundTask } from "../../tasks/background-task";
import { nextAttemptAt } from "../backoff";
import type { DeliveryContext, DeliveryOutcome } from "../channels/types";
import { DELIVERIES_CHANNEL } from "../outbox.repository";
import { createSecretBox } from "../secret-box";
import { type DeliverDeps, deliver } from "./deliver";
import {
  claimDueDeliveries,
  type DeliverySubject,
  loadDeliverySubjects,
  markDead,
  markDelivered,
  markRetry,
} from "./deliveries.repository";

export interface DispatcherOptions {
  /** How long a claim is held; must exceed the send timeout. A crashed dispatcher's claims return after it. */
  leaseMs?: number;
  /** Deliveries claimed (and sent concurrently) per round. */
  batchSize?: number;
  /** Idle poll, besides the NOTIFY wake-up (which covers new deliveries at once). */
  pollMs?: number;
  timeoutMs?: number;
  /** Test overrides for channel APIs (Twilio, Telegram) and the operator's Twilio account. */
  channelContext?: Pick<DeliveryContext, "apiBase" | "twilio">;
}

export interface DispatcherDeps {
  config: Pick<Config, "appUrl" | "allowPrivateTargets" | "jwtSecret">;
  database: DatabaseHandle;
  mailer: Mailer;
  clock: Clock;
  log: Logger;
}

export interface Dispatcher extends BackgroundTask {
  /** One round: claim due deliveries, send them, record outcomes. Returns how many were handled. */
  runOnce(): Promise<number>;
}

const DEFAULTS = { leaseMs: 60_000, batchSize: 16, pollMs: 1_000, timeoutMs: 10_000 };

/** The outbox's consumer (DESIGN §2): claim with SKIP LOCKED and a lease, send, retry with backoff. */
export function createDispatcher(deps: DispatcherDeps, options: DispatcherOptions = {}): Dispatcher {
  const { database, clock, log } = deps;
  const settings = { ...DEFAULTS, ...options };
  const agent = createGuardedAgent({ allowPrivateTargets: deps.config.allowPrivateTargets });
  const deliverDeps: DeliverDeps = {
    config: deps.config,
    mailer: deps.mailer,
    secretBox: createSecretBox(deps.config.jwtSecret),
    context: {
      dispatcher: agent,
      timeoutMs: settings.timeoutMs,
      allowInsecureTargets: deps.config.allowPrivateTargets,
      now: () => clock.now(),
      ...options.channelContext,
    },
  };

  /** A failed send: retried later with backoff, or dead. A sent one is recorded with its round. */
  async function recordFailure(claim: DeliveryRow, outcome: DeliveryOutcome & { ok: false }): Promise<void> {
    const now = clock.now();
    const retryAt = outcome.retryable ? nextAttemptAt(claim.attempts, now, outcome.retryAfterMs) : null;
    if (retryAt) return markRetry(database.db, claim, outcome.reason, retryAt);
    const reason = outcome.retryable
      ? `${outcome.reason} (gave up after ${claim.attempts} attempts)`
      : outcome.reason;
    log.warn({ delivery: claim.id, channel: claim.channelType, reason }, "alert delivery is dead");
    return markDead(database.db, claim, reason);
  }

  /**
   * Claims a round, reads its users, channels and notifications in one statement, sends them concurrently
   * and records those sent in one statement. A round whose reads or records fail (database gone?) leaves
   * its leases to expire: another round retries those deliveries.
   */
  async function runOnce(): Promise<number> {
    const claims = await claimDueDeliveries(database.db, clock.now(), settings.leaseMs, settings.batchSize);
    if (claims.length === 0) return 0;
    let subjects: Map<string, DeliverySubject>;
    try {
      subjects = await loadDeliverySubjects(database.db, claims);
    } catch (error) {
      log.error({ err: error }, "alert deliveries could not be read");
      return claims.length;
    }
    const sent: { claim: DeliveryRow; at: Date }[] = [];
    await Promise.all(
      claims.map(async (claim) => {
        try {
          const outcome = await deliver(claim, subjects.get(claim.id) ?? null, deliverDeps);
          if (outcome.ok) sent.push({ claim, at: clock.now() });
          else await recordFailure(claim, outcome);
        } catch (error) {
          log.error({ err: error, delivery: claim.id }, "alert delivery could not be recorded");
        }
      }),
    );
    await markDelivered(database.db, sent).catch((error) => {
      log.error(
        { err: error, deliveries: sent.map(({ claim }) => claim.id) },
        "sent alerts could not be recorded",
      );
    });
    return claims.length;
  }

  let running = false;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  // A NOTIFY that arrives mid-round must not be lost: the next idle() returns at once.
  let nudged = false;
  let unsubscribe: Unsubscribe | null = null;

  const nudge = () => {
    nudged = true;
    wake?.();
  };

  const idle = () =>
    new Promise<void>((resolve) => {
      if (nudged) return resolve();
      const timer = setTimeout(resolve, settings.pollMs);
      timer.unref?.();
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => {
      wake = null;
    });

  async function work(): Promise<void> {
    while (running) {
      let handled = 0;
      nudged = false;
      try {
        handled = await runOnce();
      } catch (error) {
        log.error({ err: error }, "alert dispatcher round failed");
      }
      // A full batch means more may be due: go again at once.
      if (running && handled < settings.batchSize) await idle();
    }
  }

  return {
    name: "alert-dispatcher",
    runOnce,
    async start() {
      running = true;
      unsubscribe = await database.listen(DELIVERIES_CHANNEL, nudge);
      loop = work();
    },
    async stop() {
      running = false;
      nudge();
      await loop;
      await unsubscribe?.();
      await agent.close();
    },
  };
}
