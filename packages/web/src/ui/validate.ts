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
    errors[field] ??= keyOf(issue); // first failure per field, in rule order
  }
  return { ok: false, errors };
}

/**
 * A field-specific catalogue key as itself; the generic invalidParam as its rule
 * (`rules.characters`…), which reads well under the field it belongs to.
 */
function keyOf(issue: z.core.$ZodIssue): string {
  if (issue.message !== 'invalidParam') return `errors.${issue.message}`;
  const rule = (issue as { params?: { rule?: unknown } }).params?.rule;
  return `rules.${typeof rule === 'string' ? rule : 'format'}`;
}
