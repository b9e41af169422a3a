/**
 * The one place that maps failures to replies: AppError → its catalogue entry,
 * zod failures → field + rule (zod-error.ts), framework refusals → their catalogue
 * keys (framework-errors.ts), anything else → 500 serverBusy (logged).
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { API_BASE } from '@parley/protocol';
import { RateLimited } from '../limits/limiter.js';
import { AppError } from './app-error.js';
import { sendError } from './envelope.js';
import { frameworkError, type BodyLimits } from './framework-errors.js';
import { fromZodError } from './zod-error.js';

export { fromZodError };

export function installErrorHandler(app: FastifyInstance, limits: BodyLimits): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof RateLimited) reply.header('Retry-After', String(error.retryAfterS));
    if (error instanceof AppError) return sendError(reply, error);
    if (error instanceof ZodError) return sendError(reply, fromZodError(error));
    const known = frameworkError(error as FastifyError, limits);
    // A file address the static server refuses (`..`, a NUL, bad `%`) names no file: not found.
    if (known?.key === 'badRequest' && !request.url.startsWith(API_BASE))
      return sendError(reply, new AppError('notFound'));
    if (known) return sendError(reply, known);
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, new AppError('serverBusy'));
  });
  app.setNotFoundHandler((_request, reply) => sendError(reply, new AppError('notFound')));
}
