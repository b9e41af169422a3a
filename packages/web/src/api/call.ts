/** Typed calls through the protocol endpoint table: `call('userSelf')`. */
import {
  RuntimeCode,
  api,
  fillPath,
  type BodyOf,
  type EndpointName,
  type QueryOf,
  type ReplyOf,
} from '@parley/protocol';
import { errorText } from '../i18n';
import { showToast } from '../ui/toast';
import { ApiError } from './ApiError';
import { request } from './request';

/**
 * Spec §8: a file that cannot be read (moved, deleted, no permission) fails as
 * 'file error' before anything is sent, instead of as a network failure.
 */
export async function assertReadable(file: Blob): Promise<void> {
  try {
    await file.slice(0, 1).arrayBuffer();
  } catch {
    const text = errorText('fileReadError', 'file error');
    showToast(text);
    throw new ApiError(RuntimeCode.UPLOAD_DOWNLOAD_FAILURE, 'file error', 'fileReadError');
  }
}

async function assertFormReadable(form: FormData): Promise<void> {
  for (const value of form.values()) if (typeof value !== 'string') await assertReadable(value);
}

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
export async function upload<N extends EndpointName>(name: N, file: Blob, fileName?: string): Promise<ReplyOf<N>> {
  await assertReadable(file);
  const endpoint = api[name];
  const form = new FormData();
  form.append('file', file, fileName ?? (file instanceof File ? file.name : 'file'));
  return request<ReplyOf<N>>({ method: endpoint.method, path: fillPath(endpoint.path), form, auth: endpoint.auth });
}

/**
 * Multipart upload of a ready form (extra fields such as a video's `cover`, `width`),
 * reporting upload progress 0-1.
 */
export async function uploadForm<N extends EndpointName>(
  name: N,
  form: FormData,
  onProgress?: (fraction: number) => void,
): Promise<ReplyOf<N>> {
  await assertFormReadable(form);
  const endpoint = api[name];
  return request<ReplyOf<N>>({
    method: endpoint.method,
    path: fillPath(endpoint.path),
    form,
    auth: endpoint.auth,
    onUploadProgress: onProgress,
  });
}
