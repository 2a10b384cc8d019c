import type { FieldErrors, FieldValues, Path, UseFormRegister } from "react-hook-form";

/** Wires a react-hook-form field into an MUI TextField: ref, handlers, error state and message. */
export function fieldProps<T extends FieldValues>(
  register: UseFormRegister<T>,
  errors: FieldErrors<T>,
  name: Path<T>,
) {
  const { ref, ...rest } = register(name);
  const message = errors[name]?.message;
  return {
    ...rest,
    inputRef: ref,
    id: name,
    error: Boolean(message),
    helperText: typeof message === "string" ? message : undefined,
  };
}
