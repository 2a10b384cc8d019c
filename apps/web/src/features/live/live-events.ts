import type { LiveEvent } from "@changeradar/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useEffect } from "react";
import { create } from "zustand";
import { apiClient, refreshSession } from "../../api/client";
import { useAuthStore } from "../../store/auth-store";

export type LiveCheckStatus = Extract<LiveEvent, { type: "check" }>["status"];

interface LiveState {
  /** The latest check status pushed for each monitor ("started" while a check runs). */
  checks: Record<string, { status: LiveCheckStatus; at: string }>;
  connected: boolean;
  record: (monitorId: string, status: LiveCheckStatus, at: string) => void;
  setConnected: (connected: boolean) => void;
}

export const useLiveStore = create<LiveState>()((set) => ({
  checks: {},
  connected: false,
  record: (monitorId, status, at) => set((s) => ({ checks: { ...s.checks, [monitorId]: { status, at } } })),
  setConnected: (connected) => set({ connected }),
}));

export function useLiveCheck(monitorId: string) {
  return useLiveStore((s) => s.checks[monitorId]);
}

const retryDelayMs = 3000;

/**
 * Keeps one Server-Sent Events stream open while the customer area is shown, and turns each event into
 * fresh data: a finished check refreshes monitors, dashboard and history; a notification refreshes the
 * Notification Center and is announced with a toast. EventSource cannot send headers, so each connection
 * first trades the access token for a single-use ticket valid a minute (POST /live/ticket) and carries that
 * in the URL, never the token; after repeated failures the session is refreshed before reconnecting.
 */
export function useLiveEvents() {
  const client = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const signedIn = useAuthStore((s) => Boolean(s.auth.accessToken));

  // Reconnects only when the user signs in or out, not on every token rotation: the stream stays valid.
  useEffect(() => {
    if (!signedIn || typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let stopped = false;
    const { record, setConnected } = useLiveStore.getState();

    const handle = (event: LiveEvent) => {
      if (event.type === "check") {
        record(event.monitorId, event.status, event.at);
        if (event.status === "started") return;
        void client.invalidateQueries({ queryKey: ["monitors"] });
        void client.invalidateQueries({ queryKey: ["dashboard"] });
        void client.invalidateQueries({ queryKey: ["changes"] });
        void client.invalidateQueries({ queryKey: ["reports"] });
      } else if (event.type === "notification") {
        void client.invalidateQueries({ queryKey: ["notifications"] });
        void client.invalidateQueries({ queryKey: ["dashboard"] });
        enqueueSnackbar(event.title, { variant: "info" });
      } else {
        void client.invalidateQueries({ queryKey: ["monitors"] });
      }
    };

    const retry = () => {
      setConnected(false);
      failures += 1;
      if (stopped) return;
      retryTimer = setTimeout(async () => {
        if (failures >= 2) await refreshSession().catch(() => undefined);
        if (!stopped) void connect();
      }, retryDelayMs);
    };

    const connect = async () => {
      let ticket: string;
      try {
        // The axios client adds the current access token (and refreshes it on a 403).
        ticket = (await apiClient.post<{ ticket: string }>("/live/ticket")).data.ticket;
      } catch {
        retry();
        return;
      }
      if (stopped) return;
      source = new EventSource(`/api/v1/events?ticket=${encodeURIComponent(ticket)}`);
      source.onopen = () => {
        failures = 0;
        setConnected(true);
      };
      source.onmessage = (message) => {
        try {
          handle(JSON.parse(message.data) as LiveEvent);
        } catch {
          // A malformed event is skipped; the next one still counts.
        }
      };
      source.onerror = () => {
        source?.close();
        retry();
      };
    };

    void connect();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      source?.close();
      setConnected(false);
    };
  }, [signedIn, client, enqueueSnackbar]);
}
