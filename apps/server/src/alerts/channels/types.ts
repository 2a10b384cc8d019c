import type { AlertMessage, ChannelType } from "@changeradar/contracts";
import type { Dispatcher } from "undici";
import type { z } from "zod";

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** Operator-level Twilio account, used when an SMS channel does not bring its own. */
export interface TwilioAccount {
  accountSid: string;
  authToken: string;
  from: string;
}

/** Everything a channel needs from its caller; channels read no environment and no database. */
export interface DeliveryContext {
  sendMail: (mail: OutgoingMail) => Promise<void>;
  /** The SSRF-guarded undici dispatcher; undici's global one when absent. */
  dispatcher?: Dispatcher;
  /** Whole-request budget (connect, answer, body). Default 10 000 ms. */
  timeoutMs?: number;
  /** Lets webhook-style channels post to plain http (tests on loopback). */
  allowInsecureTargets?: boolean;
  /** API base overrides (tests point them at 127.0.0.1). */
  apiBase?: { twilio?: string; telegram?: string };
  twilio?: TwilioAccount;
  /** Clock for signatures; `new Date()` when absent. */
  now?: () => Date;
}

export type DeliveryOutcome =
  | { ok: true; status?: number; responseExcerpt?: string }
  | {
      ok: false;
      retryable: boolean;
      /** Clear, human reason, shown to the user on a dead delivery. */
      reason: string;
      status?: number;
      /** The receiver's Retry-After, as a hint for the next attempt. */
      retryAfterMs?: number;
    };

export interface ConfigCheckOptions {
  allowInsecureTargets?: boolean;
}

export interface ChannelDefinition<C = unknown> {
  type: ChannelType;
  label: string;
  configSchema: z.ZodType<C>;
  /** Config keys the caller must encrypt at rest. */
  secretFields: readonly (keyof C & string)[];
  /** Rules beyond the schema that depend on deployment options; returns problems, empty when fine. */
  validate?: (config: C, options: ConfigCheckOptions) => ConfigProblem[];
  send: (config: C, message: AlertMessage, ctx: DeliveryContext) => Promise<DeliveryOutcome>;
}

export interface ConfigProblem {
  path: string;
  msg: string;
}
