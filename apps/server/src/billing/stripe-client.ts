import Stripe from "stripe";
import type { StripeConfig } from "../config";

/**
 * The official Stripe SDK, built once from the config; null when payments are not configured.
 * STRIPE_API_BASE points it elsewhere (the tests' local stand-in on 127.0.0.1).
 */
export function createStripe(config: StripeConfig): Stripe | null {
  if (!config.secretKey || !config.webhookSecret) return null;
  const base = config.apiBase ? new URL(config.apiBase) : null;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    ...(base
      ? {
          protocol: base.protocol === "http:" ? ("http" as const) : ("https" as const),
          host: base.hostname,
          port: base.port || (base.protocol === "https:" ? 443 : 80),
        }
      : {}),
  });
}
