import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The request being served, kept across awaits so that log lines written outside `request.log` carry its
 * id (logger.ts). Set by http/request-id.ts; kept down here because the logger sits below http/.
 */
const storage = new AsyncLocalStorage<{ requestId: string }>();

/** The id of the request being served, if any. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

export function runInRequestScope<T>(requestId: string, run: () => T): T {
  return storage.run({ requestId }, run);
}
