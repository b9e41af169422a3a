/**
 * Field rules of a 400 `invalidParam` (wire-contract §1): the reply names the field
 * (`params.field`, the JSON path such as `images.3`) and the rule it broke
 * (`params.rule`, a key of FieldRules, with `min`/`max`/`values` where the rule
 * needs them). Clients translate the rule as `rules.<rule>` and the field as
 * `fields.<field>`; the English sentence in `message` is built from the same texts.
 */
export const FieldRules = {
  required: 'is required',
  string: 'must be text',
  integer: 'must be a whole number',
  number: 'must be a number',
  boolean: 'must be true or false',
  array: 'must be a list',
  object: 'must be an object',
  positive: 'must be greater than 0',
  min: 'must be at least {{min}}',
  max: 'must be at most {{max}}',
  minLength: 'must be at least {{min}} characters long',
  maxLength: 'must be at most {{max}} characters long',
  maxItems: 'must have at most {{max}} entries',
  oneOf: 'must be one of {{values}}',
  format: 'has the wrong format',
  characters: 'contains characters that are not allowed',
  uploadUrl: 'must be a file uploaded to this server',
  unknown: 'is not a known field',
  depth: 'is nested too deeply',
} as const;
export type FieldRule = keyof typeof FieldRules;
export const FIELD_RULES = Object.keys(FieldRules) as FieldRule[];

export const isFieldRule = (s: unknown): s is FieldRule => typeof s === 'string' && Object.hasOwn(FieldRules, s);

/** The English phrase of a rule with its slots filled ("must be at most 20 characters long"). */
export function describeRule(rule: FieldRule, params: Readonly<Record<string, string | number>> = {}): string {
  return FieldRules[rule].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}
