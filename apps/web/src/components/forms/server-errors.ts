import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { describeError } from "../../api/errors";

/**
 * Spec §5: server field errors go under the matching field; anything else becomes the banner message.
 * Returns the banner text (null when every problem found its field).
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  fallback?: string,
): string | null {
  const described = describeError(error);
  const unplaced: string[] = [];
  for (const fieldError of described.fieldErrors) {
    const field = fields.find((f) => f === fieldError.path);
    if (field) setError(field, { type: "server", message: fieldError.msg });
    else unplaced.push(fieldError.msg);
  }
  if (described.fieldErrors.length > 0 && unplaced.length === 0) return null;
  if (unplaced.length > 0) return unplaced.join(" ");
  return described.message || fallback || null;
}
