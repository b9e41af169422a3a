/** A business error naming a catalogue entry; the error handler turns it into the reply envelope. */
import { ServerErrors, formatCatalogueMessage, type ServerErrorKey } from '@parley/protocol';

export type ErrorParams = Record<string, string | number>;

export class AppError extends Error {
  readonly code: number;
  constructor(
    readonly key: ServerErrorKey,
    readonly params: ErrorParams = {},
  ) {
    const entry = ServerErrors[key];
    super(formatCatalogueMessage(entry.message, params));
    this.name = 'AppError';
    this.code = entry.code;
  }
}

export const isCatalogueKey = (s: string): s is ServerErrorKey => Object.hasOwn(ServerErrors, s);
