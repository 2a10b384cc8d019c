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

/**
 * Frees the memory of bytes nothing reads any more, now rather than at a full garbage collection. Until a
 * collection finds a dead buffer, V8 counts its memory against the heap's limit: the bodies a server reads
 * (a page in the socket's reads, then joined: 0.8 MB a check in the serve benchmark) started a full
 * collection of the main thread's heap about every 30 checks, each ~130 ms of marking on helper threads.
 *
 * Only a view over the whole of its buffer is freed: a part of a buffer may be another's data. A shared,
 * untransferable or already detached buffer is left as it is.
 */
export function releaseBytes(views: Iterable<Uint8Array | null | undefined>): void {
  const owned: ArrayBuffer[] = [];
  for (const view of views) {
    const buffer = view?.buffer;
    if (!(buffer instanceof ArrayBuffer) || buffer.byteLength === 0) continue;
    if (view?.byteOffset !== 0 || view.byteLength !== buffer.byteLength) continue;
    if (!owned.includes(buffer)) owned.push(buffer);
  }
  for (const buffer of owned) {
    try {
      drainPort().postMessage(null, [buffer]);
    } catch {
      // Untransferable (Node's pool of small Buffers, a WebAssembly memory): the collector frees it.
    }
  }
}
