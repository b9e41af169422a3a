/** Typed route handlers: one per endpoint of the protocol `api` table. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Api, EndpointName, ReplyOf, SuccessMessageKey } from '@parley/protocol';
import type { AuthInfo } from '../services/auth.js';
import type { ErrorParams } from './app-error.js';

type Parsed<E, K extends 'body' | 'query' | 'params'> =
  E extends Record<K, infer S extends z.ZodType> ? z.output<S> : undefined;

export interface Ctx<N extends EndpointName> {
  body: Parsed<Api[N], 'body'>;
  query: Parsed<Api[N], 'query'>;
  params: Parsed<Api[N], 'params'>;
  /** Present exactly for `auth: true` endpoints. */
  auth: Api[N]['auth'] extends true ? AuthInfo : null;
  request: FastifyRequest;
  /** For headers only (e.g. Cache-Control); the envelope is sent by register-routes. */
  reply: FastifyReply;
  /** Replace the success reply's "success" with a SuccessMessages text (sent with `key` and `params`). */
  setMessage(key: SuccessMessageKey, params?: ErrorParams): void;
}

export type Handler<N extends EndpointName> = (ctx: Ctx<N>) => Promise<ReplyOf<N>>;
export type Handlers = { [N in EndpointName]: Handler<N> };
