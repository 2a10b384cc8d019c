import type { Clock } from "./clock";
import type { Config } from "./config";
import type { Database, DatabaseHandle } from "./db/database";
import type { Logger } from "./logger";
import type { Mailer } from "./mail/mailer";

/** Where a check that should run soon is handed (the check worker's `checkSoon`). */
export interface CheckQueue {
  checkSoon(monitorId: string): void;
}

/**
 * What services need, built once by buildApp and handed to every domain's routes. Services take the
 * parts they use; they never see the HTTP request (STYLE 2).
 */
export interface AppContext {
  config: Config;
  /** The query builder; a transaction is also a Database, so pass `tx` along where one is open. */
  db: Database;
  /** Engine kind, ping, LISTEN/NOTIFY. */
  database: DatabaseHandle;
  mailer: Mailer;
  clock: Clock;
  log: Logger;
  /**
   * Where first checks and "check now" go on this node: the scheduler's worker in `serve`, a small
   * worker of its own in `api` (roles/first-checks.ts). The roles start and stop it, not the routes.
   */
  checks: CheckQueue;
}

/**
 * What a service receives first (STYLE 2, after OpenStatus `packages/services`): the AppContext parts it
 * uses and, for a request someone makes, who acts (`{ user }`, `{ actor }`). Its second argument is one
 * input object, ids included: every service reads `fn(ctx, input)`.
 */
export type ServiceContext<Parts extends keyof AppContext, Acting extends object = object> = Pick<
  AppContext,
  Parts
> &
  Acting;
