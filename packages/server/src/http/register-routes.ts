/**
 * Registers every endpoint of the protocol `api` table at API_BASE + path. Order per
 * request: rate limit → authenticate (401/403) → validate body/query/params (400) → handler.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ACCESS_TOKEN_HEADER, API_BASE, api, type EndpointName, type Endpoint } from '@parley/protocol';
import type { AuthService } from '../services/auth.js';
import { AppError } from './app-error.js';
import { sendOk, type SuccessText } from './envelope.js';
import { fromZodError } from './error-handler.js';
import type { Handlers } from './handlers.js';
import { SlidingWindowLimiter } from './rate-limit.js';

/** Endpoints worth guessing passwords or names through. */
const RATE_LIMITED: ReadonlySet<EndpointName> = new Set(['login', 'register']);

export function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return (Array.isArray(value) ? value[0] : value) || undefined;
}

function parse(schema: z.ZodType | undefined, input: unknown): unknown {
  if (!schema) return undefined;
  // reportInput: the error mapping must tell a missing value from one of the wrong type.
  const result = schema.safeParse(input, { reportInput: true });
  if (!result.success) throw fromZodError(result.error);
  return result.data;
}

export function registerRoutes(
  app: FastifyInstance,
  handlers: Handlers,
  auth: AuthService,
  authRatePerMin: number,
): void {
  const limiter = new SlidingWindowLimiter(authRatePerMin, 60_000);
  for (const [name, endpoint] of Object.entries(api) as [EndpointName, Endpoint][]) {
    const handler = handlers[name] as (ctx: unknown) => Promise<unknown>;
    app.route({
      method: endpoint.method,
      url: API_BASE + endpoint.path,
      handler: async (request, reply) => {
        if (RATE_LIMITED.has(name) && !limiter.allow(request.ip)) throw new AppError('tooManyRequests');
        const authInfo = endpoint.auth ? await auth.authenticate(header(request, ACCESS_TOKEN_HEADER)) : null;
        let text: SuccessText | undefined;
        const ctx = {
          // A missing body validates as `{}`, so the client hears which field is missing.
          body: parse(endpoint.body, request.body ?? {}),
          query: parse(endpoint.query, request.query ?? {}),
          params: parse(endpoint.params, request.params ?? {}),
          auth: authInfo,
          request,
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
