/**
 * A zod failure as the reply's catalogue error. The first issue decides. A schema's
 * own catalogue key (userNameLength, messageBlank…) is kept, except for a value of
 * the wrong type, which is named as such; everything else becomes invalidParam with
 * the field's JSON path and the rule (validation.ts) read from the issue. Never
 * zod's English: the client translates the rule and field.
 */
import type { ZodError } from 'zod';
import { isFieldRule, type FieldRule } from '@parley/protocol';
import { AppError, invalidField, isCatalogueKey, type ErrorParams } from './app-error.js';

type Issue = ZodError['issues'][number];

const TYPE_RULES: Record<string, FieldRule> = {
  string: 'string',
  number: 'number',
  int: 'integer',
  bigint: 'integer',
  boolean: 'boolean',
  array: 'array',
  tuple: 'array',
  object: 'object',
  record: 'object',
};

/** Where in the input the issue is: `targetId`, `images.3`; the body itself when the path is empty. */
export const fieldOf = (issue: Issue): string => (issue.path.length ? issue.path.map(String).join('.') : 'body');

function ruleOf(issue: Issue): [FieldRule, ErrorParams] {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return ['required', {}];
      return [TYPE_RULES[issue.expected] ?? 'format', {}];
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? ['required', {}] : ['minLength', { min }];
      if (issue.origin === 'array' || issue.origin === 'set') return ['required', {}];
      if (min === 0 && !issue.inclusive) return ['positive', {}];
      return ['min', { min }];
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return ['maxLength', { max }];
      if (issue.origin === 'array' || issue.origin === 'set') return ['maxItems', { max }];
      return ['max', { max }];
    }
    case 'invalid_value':
      return ['oneOf', { values: issue.values.map(String).join(', ') }];
    case 'invalid_union': {
      // A union of literals (sex, terminal, complaint types) failed each branch: name the allowed values.
      const branches = issue.errors;
      if (branches.length > 0 && branches.every((b) => b.length > 0 && b.every((i) => i.code === 'invalid_value'))) {
        const values = branches.flatMap((b) => b.flatMap((i) => (i.code === 'invalid_value' ? i.values : [])));
        return ['oneOf', { values: values.map(String).join(', ') }];
      }
      return ['format', {}];
    }
    case 'unrecognized_keys':
      return ['unknown', {}];
    case 'custom': {
      // A refinement may name its rule (fields.ts `charactersIssue`).
      const rule: unknown = issue.params?.rule;
      return [isFieldRule(rule) ? rule : 'format', {}];
    }
    default:
      return ['format', {}];
  }
}

/**
 * A union of shapes (one ICE candidate or a list of them) failed: the branch whose
 * shape the input had (its first issue is not "wrong type" at the union itself)
 * names the field. Unions of literals are left whole (ruleOf lists their values).
 */
function shapedBranch(issue: Issue): Issue {
  if (issue.code !== 'invalid_union') return issue;
  if (issue.errors.every((b) => b.every((i) => i.code === 'invalid_value'))) return issue;
  const branch = issue.errors.find((b) => b[0] && !(b[0].code === 'invalid_type' && b[0].path.length === 0));
  const inner = branch?.[0];
  return inner ? { ...inner, path: [...issue.path, ...inner.path] } : issue;
}

export function fromZodError(err: ZodError): AppError {
  const first = err.issues[0];
  if (!first) return invalidField('body', 'format');
  const issue = shapedBranch(first);
  const field = fieldOf(issue);
  // A wrong type is a wrong type, whatever the schema calls a blank or short value.
  const wrongType = issue.code === 'invalid_type' && issue.input !== undefined && issue.input !== null;
  if (isCatalogueKey(issue.message) && issue.message !== 'invalidParam' && !wrongType) {
    return new AppError(issue.message, { field });
  }
  if (issue.code === 'unrecognized_keys') {
    // A key unknown inside a nested object is named by its whole path (`linkPreview.title`).
    const key = issue.keys[0];
    return invalidField(key === undefined ? field : issue.path.length > 0 ? `${field}.${key}` : key, 'unknown');
  }
  const [rule, extra] = ruleOf(issue);
  return invalidField(field, rule, extra);
}
