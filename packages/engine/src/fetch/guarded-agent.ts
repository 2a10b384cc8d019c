import type { LookupAddress, LookupOptions } from "node:dns";
import { Agent, buildConnector, type Dispatcher } from "undici";
import { isIpLiteral } from "./ip-ranges";
import { assertAllowedAddress, type GuardOptions, resolveAllowedAddresses } from "./ssrf";
import type { LookupFn } from "./types";

export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

export interface GuardedAgentOptions extends GuardOptions {
  connectTimeoutMs?: number;
  /** Idle keep-alive sockets are closed after this long. */
  keepAliveTimeoutMs?: number;
}

type NetLookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void;

/**
 * An undici Agent that enforces the SSRF guard on every new connection. The socket's own DNS lookup is
 * replaced by one that checks every answer and hands exactly those addresses to connect(), so a DNS
 * rebinding between "check" and "connect" is impossible. IP literals skip lookup, so they are checked here.
 */
export function createGuardedAgent(options: GuardedAgentOptions = {}): Dispatcher {
  const connector = buildConnector({
    timeout: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    lookup: guardedSocketLookup(options),
  });
  const guardedConnect: buildConnector.connector = (connectOptions, callback) => {
    if (isIpLiteral(connectOptions.hostname)) {
      try {
        assertAllowedAddress(connectOptions.hostname, connectOptions.hostname, options);
      } catch (error) {
        callback(error as Error, null);
        return;
      }
    }
    connector(connectOptions, callback);
  };
  return new Agent({
    connect: guardedConnect,
    keepAliveTimeout: options.keepAliveTimeoutMs ?? 4_000,
  });
}

function guardedSocketLookup(options: GuardOptions) {
  return (hostname: string, lookupOptions: LookupOptions, callback: NetLookupCallback): void => {
    resolveAllowedAddresses(hostname, options).then(
      (answers) => {
        const wanted = lookupOptions.family === 4 || lookupOptions.family === 6 ? lookupOptions.family : 0;
        const usable = wanted ? answers.filter((answer) => answer.family === wanted) : answers;
        if (usable.length === 0) {
          const error = Object.assign(new Error(`${hostname} has no IPv${wanted} address`), {
            code: "ENOTFOUND",
          });
          callback(error, "");
        } else if (lookupOptions.all) {
          callback(null, usable);
        } else {
          callback(null, usable[0]!.address, usable[0]!.family);
        }
      },
      (error: Error) => callback(error, ""),
    );
  };
}

const defaultLookupAgents = new Map<string, Dispatcher>();
const customLookupAgents = new WeakMap<LookupFn, Map<string, Dispatcher>>();

/** One keep-alive Agent per distinct guard setting, shared by every fetch that uses that setting. */
export function sharedGuardedAgent(options: GuardedAgentOptions): Dispatcher {
  let agents = defaultLookupAgents;
  if (options.lookup) {
    agents = customLookupAgents.get(options.lookup) ?? new Map();
    customLookupAgents.set(options.lookup, agents);
  }
  const key = `${options.allowPrivateTargets === true}|${options.allowedAddresses?.join(",") ?? ""}|${options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS}`;
  let agent = agents.get(key);
  if (!agent) {
    agent = createGuardedAgent(options);
    agents.set(key, agent);
  }
  return agent;
}
