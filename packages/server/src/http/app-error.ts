/** A business error naming a catalogue entry; the error handler turns it into the reply envelope. */
import { ServerErrors, describeServerError, type FieldRule, type ServerErrorKey } from '@parley/protocol';

export type ErrorParams = Record<string, string | number>;

export class AppError extends Error {
  readonly code: number;
  constructor(
    readonly key: ServerErrorKey,
    readonly params: ErrorParams = {},
  ) {
    super(describeServerError(key, params));
    this.name = 'AppError';
    this.code = ServerErrors[key].code;
  }
}

export const isCatalogueKey = (s: string): s is ServerErrorKey => Object.hasOwn(ServerErrors, s);

/** 400 invalidParam naming the field (JSON path) and the rule it broke, with the rule's slots (min, max, values). */
export function invalidField(field: string, rule: FieldRule, extra: ErrorParams = {}): AppError {
  return new AppError('invalidParam', { field, rule, ...extra });
}
