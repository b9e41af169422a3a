/** The reply envelope of wire-contract §1: `{code, message, data}` plus `key`/`params` on errors. */
import type { FastifyReply } from 'fastify';
import { SuccessMessages, formatCatalogueMessage, ok, type Reply, type SuccessMessageKey } from '@parley/protocol';
import type { AppError, ErrorParams } from './app-error.js';

export interface SuccessText {
  key: SuccessMessageKey;
  params?: ErrorParams | undefined;
}

export function sendOk<T>(reply: FastifyReply, data: T, text?: SuccessText): FastifyReply {
  const body = ok(data);
  if (text) {
    body.message = formatCatalogueMessage(SuccessMessages[text.key], text.params);
    body.key = text.key;
    if (text.params && Object.keys(text.params).length > 0) body.params = text.params;
  }
  return reply.code(200).send(body);
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
