/**
 * The JSON body parser: Fastify's own (prototype poisoning refused), behind a
 * one-pass shape check. An over-deep body is refused 400 `body`/`depth`, one with
 * thousands of keys `body`/`maxItems`, before JSON.parse, so no walk after it (ours,
 * zod's) ever sees one (hardening issue 18).
 */
import type { FastifyInstance } from 'fastify';
import { JSON_MAX_KEYS, jsonShapeFault } from '@parley/protocol';
import { invalidField } from './app-error.js';

export function registerJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    const fault = jsonShapeFault(text);
    if (fault) {
      const refusal =
        fault === 'depth' ? invalidField('body', 'depth') : invalidField('body', 'maxItems', { max: JSON_MAX_KEYS });
      done(refusal, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
