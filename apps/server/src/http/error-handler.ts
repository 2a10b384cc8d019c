import type { ApiErrorBody } from "@changeradar/contracts";
import type { FastifyError, FastifyInstance } from "fastify";
import { ZodError } from "zod";
import { AppError, ServiceUnavailable } from "./errors";
import { AnswerMismatch } from "./route-schema";
import { invalidFromIssues } from "./validate";

/** Fastify's own failures, reworded for people. */
const fastifyMessages: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: "The request is too large.",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Unsupported content type. Send JSON.",
  FST_ERR_CTP_INVALID_JSON_BODY: "The request body is not valid JSON.",
  FST_ERR_CTP_EMPTY_JSON_BODY: "The request body is empty.",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "The request's Content-Length does not match its body.",
  FST_REQ_FILE_TOO_LARGE: "The file is too large.",
  FST_INVALID_MULTIPART_CONTENT_TYPE: "This request must be sent as multipart/form-data.",
  FST_FILES_LIMIT: "Too many files in one request.",
  FST_PARTS_LIMIT: "Too many fields in one request.",
  FST_FIELDS_LIMIT: "Too many fields in one request.",
};

/**
 * The one place errors become responses: `{ message, errors? }` (spec §5), never a stack trace.
 * Unexpected errors are logged in full and answered with a generic 500.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ZodError | Error, request, reply) => {
    const { statusCode, body } = toResponse(error);
    if (error instanceof AnswerMismatch)
      request.log.error(
        { route: error.route, status: error.status, issues: error.issues },
        "answer does not match its response schema",
      );
    // A 503 the app chose (busy) is an answer, not a failure.
    else if (statusCode >= 500 && !(error instanceof ServiceUnavailable))
      request.log.error({ err: error }, "request failed");
    return reply.status(statusCode).send(body);
  });
}

function toResponse(error: Error): { statusCode: number; body: ApiErrorBody } {
  if (error instanceof AppError) {
    return { statusCode: error.statusCode, body: withErrors(error.message, error.errors) };
  }
  if (error instanceof ZodError) {
    const invalid = invalidFromIssues(error.issues);
    return { statusCode: 400, body: withErrors(invalid.message, invalid.errors) };
  }
  const fastifyError = error as FastifyError;
  const statusCode = fastifyError.statusCode ?? 500;
  if (statusCode === 429) return { statusCode, body: { message: error.message } };
  if (error instanceof SyntaxError || fastifyError.code === "FST_ERR_CTP_INVALID_JSON_BODY") {
    return { statusCode: 400, body: { message: "The request body is not valid JSON." } };
  }
  if (statusCode >= 400 && statusCode < 500) {
    const known = fastifyError.code ? fastifyMessages[fastifyError.code] : undefined;
    return { statusCode, body: { message: known ?? error.message } };
  }
  return { statusCode: 500, body: { message: "Something went wrong on our side. Please try again." } };
}

function withErrors(message: string, errors: ApiErrorBody["errors"]): ApiErrorBody {
  return errors?.length ? { message, errors } : { message };
}
