import { type Dispatcher, request } from "undici";
import { outcomeFromError, outcomeFromResponse } from "./outcome";
import type { DeliveryContext, DeliveryOutcome } from "./types";

export const DEFAULT_TIMEOUT_MS = 10_000;
const EXCERPT_BYTES = 2048;
const EXCERPT_CHARS = 300;
const USER_AGENT = "ChangeRadar-Alerts/1.0";

export interface HttpDelivery {
  /** Who answers, as the user knows it ("Slack", "Twilio", "your webhook receiver"). */
  receiver: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** POSTs once, never follows redirects, and classifies the answer. Never throws. */
export async function postToReceiver(delivery: HttpDelivery, ctx: DeliveryContext): Promise<DeliveryOutcome> {
  const timeoutMs = ctx.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const options: Parameters<typeof request>[1] = {
      method: "POST",
      headers: { "user-agent": USER_AGENT, ...delivery.headers },
      body: delivery.body,
      signal,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    };
    if (ctx.dispatcher) options.dispatcher = ctx.dispatcher;
    const response = await request(delivery.url, options);
    const excerpt = await readExcerpt(response.body);
    const now = ctx.now?.() ?? new Date();
    return outcomeFromResponse(delivery.receiver, response.statusCode, response.headers, excerpt, now);
  } catch (error) {
    return outcomeFromError(delivery.receiver, error, timeoutMs);
  }
}

/** The first bytes of the answer, whitespace collapsed; the rest is discarded. */
async function readExcerpt(body: Dispatcher.ResponseData["body"]): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      chunks.push(chunk as Buffer);
      size += (chunk as Buffer).length;
      if (size >= EXCERPT_BYTES) break;
    }
  } catch {
    // The status already tells the outcome; a broken body only loses the excerpt.
  } finally {
    body.destroy();
  }
  const text = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString("utf8").replace(/\s+/g, " ").trim();
  return text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS)}…` : text;
}
