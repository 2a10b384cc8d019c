import type { FieldError } from "@changeradar/contracts";
import type { z } from "zod";
import { Invalid } from "./errors";

/**
 * Parses input with a contract schema. Failures become one `Invalid` with the spec's messages as field
 * errors; unknown fields (the schemas are strict) are named one by one.
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw invalidFromIssues(result.error.issues);
}

export function invalidFromIssues(issues: readonly z.core.$ZodIssue[]): Invalid {
  const errors: FieldError[] = issues.flatMap((issue): FieldError[] => {
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => ({ path: [...issue.path, key].join("."), msg: "Unknown field" }));
    }
    if (issue.path.length === 0 && issue.code === "invalid_type") {
      return [{ path: "", msg: "The request body must be a JSON object." }];
    }
    return [{ path: issue.path.map(String).join("."), msg: issue.message }];
  });
  const first = errors[0];
  const message = first?.path ? first.msg : (first?.msg ?? "Invalid request.");
  return new Invalid(message, errors);
}
