import { type LiveEvent, type LiveTicket, liveEventSchema } from "@changeradar/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useEffect } from "react";
import { create } from "zustand";
import { apiClient, refreshSession } from "../../api/client";
import { useAuthStore } from "../../store/auth-store";
import { changeKeys } from "../changes/changes-queries";
import { dashboardKeys } from "../dashboard/dashboard-queries";
import { monitorKeys } from "../monitors/monitors-queries";
import { notificationKeys } from "../notifications/notifications-queries";
import { reportKeys } from "../reports/reports-queries";

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
        void client.invalidateQueries({ queryKey: monitorKeys.all });
        void client.invalidateQueries({ queryKey: dashboardKeys.all });
        void client.invalidateQueries({ queryKey: changeKeys.all });
        void client.invalidateQueries({ queryKey: reportKeys.all });
      } else if (event.type === "notification") {
        void client.invalidateQueries({ queryKey: notificationKeys.all });
        void client.invalidateQueries({ queryKey: dashboardKeys.all });
        enqueueSnackbar(event.title, { variant: "info" });
      } else {
        void client.invalidateQueries({ queryKey: monitorKeys.all });
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
        ticket = (await apiClient.post<LiveTicket>("/live/ticket")).data.ticket;
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
        // A malformed event is skipped; the next one still counts.
        let data: unknown;
        try {
          data = JSON.parse(message.data);
        } catch {
          return;
        }
        const event = liveEventSchema.safeParse(data);
        if (event.success) handle(event.data);
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
