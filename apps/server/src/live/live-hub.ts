import type { LiveEvent } from "@changeradar/contracts";
import { LIVE_EVENTS_CHANNEL } from "../alerts/outbox.repository";
import type { DatabaseHandle, Unsubscribe } from "../db/database";
import type { Logger } from "../logger";

export type LiveListener = (event: LiveEvent) => void;

/**
 * One LISTEN per API node on `changeradar_events` (DESIGN §2): whichever node or worker committed a check
 * or an alert, every node hears it and forwards it to that user's open streams only.
 */
export interface LiveHub {
  subscribe(userId: string, listener: LiveListener): () => void;
  /** Open streams of one user (to cap them). */
  count(userId: string): number;
  close(): Promise<void>;
}

export async function createLiveHub(database: DatabaseHandle, log: Logger): Promise<LiveHub> {
  const listeners = new Map<string, Set<LiveListener>>();
  const unlisten: Unsubscribe = await database.listen(LIVE_EVENTS_CHANNEL, (payload) => {
    let parsed: { userId?: unknown; event?: unknown };
    try {
      parsed = JSON.parse(payload) as { userId?: unknown; event?: unknown };
    } catch {
      log.warn({ payload: payload.slice(0, 200) }, "ignored a malformed live event");
      return;
    }
    if (typeof parsed.userId !== "string" || !parsed.event || typeof parsed.event !== "object") return;
    for (const listener of listeners.get(parsed.userId) ?? []) listener(parsed.event as LiveEvent);
  });
  return {
    subscribe(userId, listener) {
      const set = listeners.get(userId) ?? new Set();
      set.add(listener);
      listeners.set(userId, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(userId);
      };
    },
    count(userId) {
      return listeners.get(userId)?.size ?? 0;
    },
    async close() {
      listeners.clear();
      await unlisten();
    },
  };
}
