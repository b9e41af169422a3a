/**
 * The one place that maps failures to replies: AppError → its catalogue entry,
 * zod failures → the first issue's catalogue key (else invalidParam), oversized
 * uploads → 413 fileTooLarge, framework 4xx → invalidParam, anything else → 500.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { RateLimited } from '../limits/limiter.js';
import { AppError } from './app-error.js';
import { sendError } from './envelope.js';
import { fromZodError } from './zod-error.js';

export { fromZodError };

export function installErrorHandler(app: FastifyInstance, uploadMaxBytes: number): void {
  const maxMb = Math.max(1, Math.round(uploadMaxBytes / (1024 * 1024)));
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof RateLimited) reply.header('Retry-After', String(error.retryAfterS));
    if (error instanceof AppError) return sendError(reply, error);
    if (error instanceof ZodError) return sendError(reply, fromZodError(error));
    const fe = error as FastifyError;
    if (fe.code === 'FST_REQ_FILE_TOO_LARGE' || fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || fe.statusCode === 413) {
      return sendError(reply, new AppError('fileTooLarge', { maxMb }));
    }
    if (fe.statusCode === 429) return sendError(reply, new AppError('tooManyRequests'));
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      return sendError(reply, new AppError('invalidParam', { detail: fe.message }));
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, new AppError('serverBusy'));
  });
  app.setNotFoundHandler((_request, reply) => sendError(reply, new AppError('notFound')));
}
