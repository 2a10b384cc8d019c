/**
 * Every error the API answers has this shape (spec §5): a plain `message`, and for validation
 * failures a list of `{path, msg}` entries that the web app shows under the matching field.
 */
export interface FieldError {
  path: string;
  msg: string;
}
export interface ApiErrorBody {
  message: string;
  errors?: FieldError[];
}
