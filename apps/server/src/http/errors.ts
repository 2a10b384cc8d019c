import type { FieldError } from "@changeradar/contracts";

/**
 * The one error vocabulary (STYLE 6). Services throw these; the error handler (error-handler.ts) renders
 * them as `{ message, errors? }` with the status below. Nothing else formats errors.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** 400: input that breaks a rule. Field errors appear under the matching form field (spec §5). */
export class Invalid extends AppError {
  constructor(message: string, errors?: FieldError[]) {
    super(400, message, errors);
  }

  static field(path: string, msg: string): Invalid {
    return new Invalid(msg, [{ path, msg }]);
  }
}

/** 401: no credentials at all (DECISIONS 5). */
export class Unauthorized extends AppError {
  constructor(message = "Please sign in to continue.") {
    super(401, message);
  }
}

/** 403: expired or invalid credentials, or a right the user lacks (DECISIONS 5). */
export class Forbidden extends AppError {
  constructor(message = "You are not allowed to do this.") {
    super(403, message);
  }
}

/** 404: missing, or someone else's (every row is scoped to its owner). */
export class NotFound extends AppError {
  constructor(message = "Not found.") {
    super(404, message);
  }
}

/** 410: a secret link that existed but was revoked or has expired. */
export class Gone extends AppError {
  constructor(message: string) {
    super(410, message);
  }
}

export class Conflict extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}

/**
 * 402: the user's plan does not allow this; the message names the plan that does. Not 403, because
 * the client answers 403 by refreshing its token and retrying.
 */
export class PlanLimit extends AppError {
  constructor(message: string) {
    super(402, message);
  }
}

export class PayloadTooLarge extends AppError {
  constructor(message: string) {
    super(413, message);
  }
}

export class TooManyRequests extends AppError {
  constructor(message = "Too many attempts. Please wait a few minutes and try again.") {
    super(429, message);
  }
}

/** 503: the server is too busy to take this request now; trying again shortly may work. */
export class ServiceUnavailable extends AppError {
  constructor(message = "The server is busy. Please try again in a moment.") {
    super(503, message);
  }
}
