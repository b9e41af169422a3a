/**
 * Failures raised by Fastify, its parsers and Node's HTTP parser, before or around a
 * route, as catalogue errors: the client always gets the envelope with a key, never
 * the framework's English.
 */
import type { Socket } from 'node:net';
import type { FastifyError } from 'fastify';
import { ReplyCode } from '@parley/protocol';
import { AppError } from './app-error.js';
import { errorBody } from './envelope.js';

const JSON_ERRORS = new Set([
  'FST_ERR_CTP_INVALID_JSON_BODY',
  'FST_ERR_CTP_EMPTY_JSON_BODY',
  'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
]);

export interface BodyLimits {
  /** JSON body limit, bytes. */
  bodyLimit: number;
  uploadMaxBytes: number;
}

/** A Fastify error (statusCode 4xx or a known code) as its catalogue error; undefined for a real fault. */
export function frameworkError(fe: FastifyError, limits: BodyLimits): AppError | undefined {
  const maxMb = Math.max(1, Math.round(limits.uploadMaxBytes / (1024 * 1024)));
  switch (fe.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('bodyTooLarge', { maxKb: Math.round(limits.bodyLimit / 1024) });
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('fileTooLarge', { maxMb });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('unsupportedMediaType');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new AppError('uriTooLong');
    case 'FST_ERR_BAD_URL':
      return new AppError('badRequest');
  }
  if (JSON_ERRORS.has(fe.code) || fe instanceof SyntaxError || /JSON/.test(fe.code ?? ''))
    return new AppError('invalidJson');
  if (fe.statusCode === 413) return new AppError('fileTooLarge', { maxMb });
  if (fe.statusCode === 415) return new AppError('unsupportedMediaType');
  if (fe.statusCode === 429) return new AppError('tooManyRequests');
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) return new AppError('badRequest');
  return undefined;
}

const STATUS_TEXT: Record<number, string> = {
  [ReplyCode.BAD_REQUEST]: 'Bad Request',
  [ReplyCode.HEADERS_TOO_LARGE]: 'Request Header Fields Too Large',
  [ReplyCode.URI_TOO_LONG]: 'URI Too Long',
};

/**
 * Node's own parser errors (headers or request line over the size limit, broken
 * HTTP): answered on the raw socket, in the envelope, then closed.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const error = err.code === 'HPE_HEADER_OVERFLOW' ? new AppError('headersTooLarge') : new AppError('badRequest');
  const body = JSON.stringify(errorBody(error));
  socket.end(
    `HTTP/1.1 ${error.code} ${STATUS_TEXT[error.code] ?? 'Bad Request'}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}
