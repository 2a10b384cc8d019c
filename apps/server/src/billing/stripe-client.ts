import type Stripe from "stripe";
import type { StripeConfig } from "../config";

/**
 * The official Stripe SDK, built once from the config; null when payments are not configured.
 * STRIPE_API_BASE points it elsewhere (the tests' local stand-in on 127.0.0.1). The SDK is loaded only
 * then: its hundreds of modules held ~5 MB of every server's heap, paid or not.
 */
export async function createStripe(config: StripeConfig): Promise<Stripe | null> {
  if (!config.secretKey || !config.webhookSecret) return null;
  const { default: StripeSdk } = await import("stripe");
  const base = config.apiBase ? new URL(config.apiBase) : null;
  return new StripeSdk(config.secretKey, {
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
