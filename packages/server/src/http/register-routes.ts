/**
 * Registers every endpoint of the protocol `api` table at API_BASE + path. Order per
 * request: address budget → authenticate (401/403) → user budget (and upload bytes)
 * → validate body/query/params (400) → handler. A refused call changes nothing.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ACCESS_TOKEN_HEADER, API_BASE, api, type EndpointName, type Endpoint } from '@parley/protocol';
import { spend, type Limits } from '../limits/index.js';
import type { AuthService } from '../services/auth.js';
import { invalidField } from './app-error.js';
import { sendOk, type SuccessText } from './envelope.js';
import { fromZodError } from './error-handler.js';
import type { Handlers } from './handlers.js';

export function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return (Array.isArray(value) ? value[0] : value) || undefined;
}

/** NUL or a lone surrogate: no field of ours may hold one, and PostgreSQL cannot store either. */
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

interface Step {
  value: unknown;
  /** Where it sits: its key in the container step above (null at the top). */
  key: string;
  parent: Step | null;
}

const pathOf = (step: Step, last?: string): string[] => {
  const path = last === undefined ? [] : [last];
  for (let s: Step | null = step; s?.parent; s = s.parent) path.push(s.key);
  return path.reverse();
};

/**
 * The path of the first string in `value` holding an unstorable character. Iterative and
 * linear: one step per value, the path built only for the one found (a deep or wide body
 * costs no stack and no copied paths; the body parser already bounds the depth).
 */
function unstorable(value: unknown): string[] | undefined {
  const stack: Step[] = [{ value, key: '', parent: null }];
  for (let step = stack.pop(); step; step = stack.pop()) {
    const v = step.value;
    if (typeof v === 'string') {
      if (UNSTORABLE.test(v)) return pathOf(step);
    } else if (v && typeof v === 'object') {
      // Pushed last to first, so the first key is looked at first.
      const keys = Object.keys(v);
      for (let k = keys.length - 1; k >= 0; k--) {
        const key = keys[k]!;
        if (UNSTORABLE.test(key)) return pathOf(step, '?');
        stack.push({ value: (v as Record<string, unknown>)[key], key, parent: step });
      }
    }
  }
  return undefined;
}

function parse(schema: z.ZodType | undefined, input: unknown): unknown {
  if (!schema) return undefined;
  const bad = unstorable(input);
  if (bad) throw invalidField(bad.length ? bad.join('.') : 'body', 'characters');
  // reportInput: the error mapping must tell a missing value from one of the wrong type.
  const result = schema.safeParse(input, { reportInput: true });
  if (!result.success) throw fromZodError(result.error);
  return result.data;
}

/** An upload spends its declared size from the user's daily byte budget before a byte is read. */
function uploadBytes(request: FastifyRequest, uploadMaxBytes: number): number {
  const declared = Number(request.headers['content-length']);
  return Number.isSafeInteger(declared) && declared > 0 ? declared : uploadMaxBytes;
}

export function registerRoutes(
  app: FastifyInstance,
  handlers: Handlers,
  auth: AuthService,
  limits: Limits,
  uploadMaxBytes: number,
): void {
  for (const [name, endpoint] of Object.entries(api) as [EndpointName, Endpoint][]) {
    const handler = handlers[name] as (ctx: unknown) => Promise<unknown>;
    app.route({
      method: endpoint.method,
      url: API_BASE + endpoint.path,
      ...(endpoint.bodyLimit ? { bodyLimit: endpoint.bodyLimit } : {}),
      handler: async (request, reply) => {
        await limits.endpoints.hit(name, 'address', request.ip);
        const authInfo = endpoint.auth ? await auth.authenticate(header(request, ACCESS_TOKEN_HEADER)) : null;
        if (authInfo) {
          await limits.endpoints.hit(name, 'user', authInfo.userId);
          if (endpoint.multipart && limits.uploadBytes) {
            await spend(limits.uploadBytes, authInfo.userId, uploadBytes(request, uploadMaxBytes));
          }
        }
        let text: SuccessText | undefined;
        const ctx = {
          // A missing body validates as `{}`, so the client hears which field is missing.
          body: parse(endpoint.body, request.body ?? {}),
          query: parse(endpoint.query, request.query ?? {}),
          params: parse(endpoint.params, request.params ?? {}),
          auth: authInfo,
          request,
          reply,
          setMessage: (key: SuccessText['key'], params?: SuccessText['params']) => {
            text = { key, params };
          },
        };
        const data = await handler(ctx);
        return sendOk(reply, data ?? null, text);
      },
    });
  }
}
