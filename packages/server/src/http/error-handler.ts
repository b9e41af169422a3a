/**
 * The one place that maps failures to replies: AppError → its catalogue entry,
 * zod failures → field + rule (zod-error.ts), framework refusals → their catalogue
 * keys (framework-errors.ts), media storage down → 503 + Retry-After, anything else → 500
 * serverBusy (logged).
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { API_BASE } from '@parley/protocol';
import { RateLimited } from '../limits/limiter.js';
import { MediaUnavailable } from '../storage/media-storage.js';
import { AppError } from './app-error.js';
import { sendError } from './envelope.js';
import { frameworkError, type BodyLimits } from './framework-errors.js';
import { fromZodError } from './zod-error.js';

export { fromZodError };

const MEDIA_RETRY_AFTER_S = 1;

export function installErrorHandler(app: FastifyInstance, limits: BodyLimits): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof RateLimited) reply.header('Retry-After', String(error.retryAfterS));
    if (error instanceof AppError) return sendError(reply, error);
    if (error instanceof MediaUnavailable) {
      // The bucket is down or refused: the node is unready (/readyz) and the call may be retried.
      request.log.error({ err: error }, 'media storage unavailable');
      reply.header('Retry-After', String(MEDIA_RETRY_AFTER_S));
      return sendError(reply, new AppError('serverOverloaded', { retryAfter: MEDIA_RETRY_AFTER_S }));
    }
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
