/** The reply envelope of wire-contract §1: `{code, message, data}` plus `key`/`params` on errors. */
import type { FastifyReply } from 'fastify';
import { ok, type Reply } from '@parley/protocol';
import type { AppError } from './app-error.js';

export function sendOk<T>(reply: FastifyReply, data: T): FastifyReply {
  return reply.code(200).send(ok(data));
}

export function errorBody(err: AppError): Reply<null> {
  const body: Reply<null> = { code: err.code, message: err.message, data: null, key: err.key };
  if (Object.keys(err.params).length > 0) body.params = err.params;
  return body;
}

export function sendError(reply: FastifyReply, err: AppError): FastifyReply {
  // HTTP status mirrors `code`, so proxies and the browser see the real outcome.
  return reply.code(err.code).send(errorBody(err));
}
