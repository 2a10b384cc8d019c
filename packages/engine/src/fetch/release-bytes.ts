import { MessageChannel, type MessagePort } from "node:worker_threads";

/**
 * A port whose other end is closed: a buffer transferred through it is detached at once (V8 stops counting
 * it), and its memory is freed with the message that is never delivered, on a later turn of the event loop.
 */
let drain: MessagePort | null = null;

function drainPort(): MessagePort {
  if (drain === null) {
    const channel = new MessageChannel();
    channel.port2.close();
    drain = channel.port1;
    drain.unref();
  }
  return drain;
}

/** Whether the bytes are the whole of their ArrayBuffer (so moving the buffer moves nothing else). */
export function ownsWholeBuffer(bytes: Uint8Array): boolean {
  return (
    bytes.byteOffset === 0 &&
    bytes.byteLength === bytes.buffer.byteLength &&
    !(bytes.buffer instanceof SharedArrayBuffer)
  );
}

/**
 * Frees the memory of bytes nothing reads any more, now rather than at a full garbage collection. Until a
 * collection finds a dead buffer, V8 counts its memory against the heap's limit: the bodies a server reads
 * (a page in the socket's reads, then joined: 0.8 MB a check in the serve benchmark) started a full
 * collection of the main thread's heap about every 30 checks, each ~130 ms of marking on helper threads.
 *
 * Only bytes that own their whole buffer are freed: a part of a buffer may be another's data. A shared,
 * untransferable or already detached (empty) buffer is left as it is, so a buffer listed twice is freed once.
 */
export function releaseBytes(views: Iterable<Uint8Array | null | undefined>): void {
  for (const view of views) {
    if (!view || view.byteLength === 0 || !ownsWholeBuffer(view)) continue;
    try {
      drainPort().postMessage(null, [view.buffer as ArrayBuffer]);
    } catch {
      // Untransferable (Node's pool of small Buffers, a WebAssembly memory): the collector frees it.
    }
  }
}
