/**
 * Form validation with the protocol's zod schemas. Their issue messages are
 * catalogue keys, so a failed field shows t(`errors.${key}`) — the same text the
 * server would answer with.
 */
import type { z } from 'zod';

/** Field name → i18n key of its first failure (`errors.<catalogue key>`). */
export type FieldErrors = Partial<Record<string, string>>;

export type Validation<T> = { ok: true; data: T; errors: FieldErrors } | { ok: false; errors: FieldErrors };

export function validate<S extends z.ZodType>(schema: S, values: unknown): Validation<z.output<S>> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '_');
    errors[field] ??= `errors.${issue.message}`; // first failure per field, in rule order
  }
  return { ok: false, errors };
}
