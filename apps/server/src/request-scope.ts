import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The request being served, kept across awaits so that log lines written outside `request.log` carry its
 * id (logger.ts), and so shared slots (auth/passwords.ts) can take turns by client address.
 * Set by http/request-id.ts; kept down here because the logger sits below http/.
 */
interface RequestScope {
  requestId: string;
  clientAddress: string;
}

const storage = new AsyncLocalStorage<RequestScope>();

/** The id of the request being served, if any. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** The address of the client being served (`request.ip`), if any. */
export function currentClientAddress(): string | undefined {
  return storage.getStore()?.clientAddress;
}

export function runInRequestScope<T>(scope: RequestScope, run: () => T): T {
  return storage.run(scope, run);
}
