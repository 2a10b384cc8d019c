import { z } from "zod";

/**
 * Every error the API answers has this shape (spec §5): a plain `message`, and for validation
 * failures a list of `{path, msg}` entries that the web app shows under the matching field.
 */
export const fieldErrorSchema = z.object({ path: z.string(), msg: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;
export const apiErrorSchema = z.object({ message: z.string(), errors: z.array(fieldErrorSchema).optional() });
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
