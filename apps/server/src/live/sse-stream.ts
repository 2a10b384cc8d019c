import type { ServerResponse } from "node:http";

/** A Server-Sent Events response: heartbeat comments keep proxies from closing an idle stream. */
export interface SseStream {
  send(data: unknown): void;
  close(): void;
  readonly closed: boolean;
}

export const HEARTBEAT_MS = 25_000;
const RECONNECT_MS = 5_000;

export function openSseStream(
  raw: ServerResponse,
  onClose: () => void,
  heartbeatMs = HEARTBEAT_MS,
): SseStream {
  let closed = false;
  raw.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache, no-transform",
    connection: "keep-alive",
    "x-accel-buffering": "no",
    "x-content-type-options": "nosniff",
  });
  raw.write(`retry: ${RECONNECT_MS}\n: connected\n\n`);
  const heartbeat = setInterval(() => raw.write(": heartbeat\n\n"), heartbeatMs);
  heartbeat.unref();

  const finish = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    onClose();
  };
  raw.on("close", finish);
  return {
    send(data) {
      if (closed) return;
      // JSON has no raw newlines, so one `data:` line carries the whole event.
      raw.write(`data: ${JSON.stringify(data)}\n\n`);
    },
    close() {
      finish();
      raw.end();
    },
    get closed() {
      return closed;
    },
  };
}
