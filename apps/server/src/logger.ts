import pino, { type Logger } from "pino";
import type { Config } from "./config";
import { currentRequestId } from "./request-scope";

export type { Logger };

const { chindingsSym } = pino.symbols;

/**
 * A URL as logged: the path, and each query parameter's name with its value hidden (tickets and tokens
 * travel in query strings where headers cannot be set, e.g. EventSource).
 */
export function redactUrl(url: string): string {
  const at = url.indexOf("?");
  if (at < 0) return url;
  const names = url
    .slice(at + 1)
    .split("&")
    .filter(Boolean)
    .map((pair) => `${pair.split("=")[0]}=[redacted]`);
  return names.length ? `${url.slice(0, at)}?${names.join("&")}` : url.slice(0, at);
}

/**
 * Errors as pino logs them, without what a failed query carried: drizzle's `params` and pg's `parameters`
 * and `detail` hold the user's values (an email, a password hash). The SQL text itself has placeholders.
 */
const queryValueFields = new Set(["params", "parameters", "detail"]);
function serializeError(error: unknown): unknown {
  const seen = new Set<unknown>();
  const clean = (value: unknown, depth: number): unknown => {
    if (!(value instanceof Error) || seen.has(value) || depth > 5) return value;
    seen.add(value);
    const base: Record<string, unknown> = { ...pino.stdSerializers.err(value) };
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(base)) {
      if (queryValueFields.has(key)) out[key] = "[redacted]";
      // drizzle writes the values into its message ("Failed query: …\nparams: …"), and so into the stack.
      else if ((key === "message" || key === "stack") && typeof field === "string")
        out[key] = field.replace(/\nparams: .*/, "\nparams: [redacted]");
      else out[key] = key === "cause" ? clean((value as { cause?: unknown }).cause, depth + 1) : field;
    }
    return out;
  };
  return clean(error, 0);
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** JSON lines to stdout, or to `destination` (tests read what was logged). */
export function createLogger(config: Pick<Config, "logLevel">, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    redact: {
      paths: ["req.headers.authorization", "req.headers.cookie", "*.password"],
      censor: "[redacted]",
    },
    serializers: {
      err: serializeError,
      // Replaces Fastify's request serializer: the same fields, the query string's values hidden.
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: typeof req.url === "string" ? redactUrl(req.url) : req.url,
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
    // Lines written while a request is served carry its id, unless the logger already binds it
    // (`request.log` does).
    mixin: (_object, _level, logger) => {
      const reqId = currentRequestId();
      if (!reqId) return {};
      const bindings: unknown = Reflect.get(logger, chindingsSym);
      return typeof bindings === "string" && bindings.includes('"reqId"') ? {} : { reqId };
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
