import pino, { type Logger } from "pino";
import type { Config } from "./config";

export type { Logger };

export function createLogger(config: Pick<Config, "logLevel">): Logger {
  return pino({
    level: config.logLevel,
    redact: {
      paths: ["req.headers.authorization", "req.headers.cookie", "*.password"],
      censor: "[redacted]",
    },
  });
}
