/** Typed calls through the protocol endpoint table: `call('userSelf')`. */
import { api, fillPath, type BodyOf, type EndpointName, type QueryOf, type ReplyOf } from '@parley/protocol';
import { request } from './request';

export interface CallInput<N extends EndpointName> {
  body?: BodyOf<N>;
  query?: QueryOf<N>;
  params?: Record<string, string | number>;
  silent?: boolean;
}

export function call<N extends EndpointName>(name: N, input: CallInput<N> = {}): Promise<ReplyOf<N>> {
  const endpoint = api[name];
  return request<ReplyOf<N>>({
    method: endpoint.method,
    path: fillPath(endpoint.path, input.params),
    query: input.query as Record<string, string | number | undefined> | undefined,
    body: input.body,
    auth: endpoint.auth,
    silent: input.silent,
  });
}

/** Multipart upload (field `file`) to an endpoint marked `multipart`. */
export function upload<N extends EndpointName>(name: N, file: Blob, fileName?: string): Promise<ReplyOf<N>> {
  const endpoint = api[name];
  const form = new FormData();
  form.append('file', file, fileName ?? (file instanceof File ? file.name : 'file'));
  return request<ReplyOf<N>>({ method: endpoint.method, path: fillPath(endpoint.path), form, auth: endpoint.auth });
}

/**
 * Multipart upload of a ready form (extra fields such as a video's `cover`, `width`),
 * reporting upload progress 0-1.
 */
export function uploadForm<N extends EndpointName>(
  name: N,
  form: FormData,
  onProgress?: (fraction: number) => void,
): Promise<ReplyOf<N>> {
  const endpoint = api[name];
  return request<ReplyOf<N>>({
    method: endpoint.method,
    path: fillPath(endpoint.path),
    form,
    auth: endpoint.auth,
    onUploadProgress: onProgress,
  });
}
