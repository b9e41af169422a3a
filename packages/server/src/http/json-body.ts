/**
 * The JSON body parser: Fastify's own (prototype poisoning refused), behind a
 * one-pass shape check. An over-deep body is refused 400 `body`/`depth`, one with
 * thousands of keys or entries `body`/`maxItems`, before JSON.parse, so no walk after it (ours,
 * zod's) ever sees one (hardening issue 18).
 */
import type { FastifyInstance } from 'fastify';
import { JSON_MAX_ENTRIES, JSON_MAX_KEYS, jsonShapeFault, type JsonShapeFault } from '@parley/protocol';
import { invalidField, type AppError } from './app-error.js';

const REFUSALS: Record<JsonShapeFault, () => AppError> = {
  depth: () => invalidField('body', 'depth'),
  keys: () => invalidField('body', 'maxItems', { max: JSON_MAX_KEYS }),
  entries: () => invalidField('body', 'maxItems', { max: JSON_MAX_ENTRIES }),
};

export function registerJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    const fault = jsonShapeFault(text);
    if (fault) {
      done(REFUSALS[fault](), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
