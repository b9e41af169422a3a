/** The shape of one REST endpoint in the contract's table, and the helper that checks an entry. */
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Endpoint {
  method: HttpMethod;
  /** Fastify-style path; `:name` segments are filled from `params`. */
  path: string;
  /** false for the few calls made before login. */
  auth: boolean;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /** multipart upload: the request is a form with a `file` field. */
  multipart?: boolean;
  /** Largest JSON body in bytes when it must exceed the server's default (long formatted text). */
  bodyLimit?: number;
  reply: z.ZodType;
}

export const e = <T extends Endpoint>(endpoint: T): T => endpoint;
