/** Thin handlers for wire-contract §7: uploads and the system config. */
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { VideoUploadField, type ImageUploadResult } from '@parley/protocol';
import { AppError } from '../http/app-error.js';
import type { Handler } from '../http/handlers.js';
import type { Services } from '../services/index.js';
import { MediaUnavailable } from '../storage/media-storage.js';

/** The optional `thumbSize` (KB) hint, from a form field sent before the file or from the query. */
function thumbSizeKb(file: MultipartFile, query: unknown): number | undefined {
  const field = file.fields.thumbSize;
  const fromField = field && !Array.isArray(field) && field.type === 'field' ? field.value : undefined;
  const raw = fromField ?? (query as Record<string, unknown> | undefined)?.thumbSize;
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/** An optional numeric form field: absent or empty → undefined; otherwise within [0, max] (integer when asked). */
function numberField(fields: Map<string, string>, name: string, max: number, integer: boolean): number | undefined {
  const raw = fields.get(name)?.trim();
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0 || n > max || (integer && !Number.isInteger(n))) {
    throw new AppError('invalidParam', { detail: `${name}: expected a number from 0 to ${max}` });
  }
  return n;
}

/** The multipart plugin's own 4xx failures (its English text must not reach the client). */
const MULTIPART_CODES = new Set([
  'FST_MP_PREMATURE_CLOSE',
  'FST_PROTO_VIOLATION',
  'FST_INVALID_JSON_FIELD_ERROR',
  'FST_INVALID_MULTIPART_CONTENT_TYPE',
]);
/** busboy's parse failures are plain Errors without a code: no or a wrong boundary, a truncated body. */
const BUSBOY_MESSAGE = /^Multipart: |boundary|unexpected end of multipart data|terminated early|malformed/i;

/**
 * A body that is not readable multipart → 400 invalidMultipart instead of a 500.
 * Limits (413), our own AppErrors, media storage down (503) and system errors (disk full: 500)
 * pass through.
 */
async function readingMultipart<T>(handle: () => Promise<T>): Promise<T> {
  try {
    return await handle();
  } catch (err) {
    if (!(err instanceof Error) || err instanceof AppError || err instanceof MediaUnavailable) throw err;
    const code = (err as { code?: unknown }).code;
    const unreadable = typeof code === 'string' ? MULTIPART_CODES.has(code) : BUSBOY_MESSAGE.test(err.message);
    throw unreadable ? new AppError('invalidMultipart') : err;
  }
}

/**
 * Reads a multipart request part by part, in order: fields into a map, each file part
 * to `onFile` (which must consume its stream). Parts nobody wants are drained.
 */
async function readParts(
  request: FastifyRequest,
  onFile: (part: MultipartFile) => Promise<boolean>,
): Promise<Map<string, string>> {
  if (!request.isMultipart()) throw new AppError('fileMissing');
  const fields = new Map<string, string>();
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (typeof part.value === 'string' || typeof part.value === 'number')
        fields.set(part.fieldname, String(part.value));
    } else if (!(await onFile(part))) {
      part.file.resume();
    }
  }
  return fields;
}

export const fileRoutes = ({ uploads, files, systemConfig }: Services) => {
  const imageUpload: Handler<'imageUpload'> = ({ request }) =>
    readingMultipart(async () => {
      if (!request.isMultipart()) throw new AppError('fileMissing');
      const file = await request.file();
      if (!file || file.fieldname !== 'file') throw new AppError('fileMissing');
      // toBuffer() throws FST_REQ_FILE_TOO_LARGE (→ 413) past UPLOAD_MAX_BYTES, before anything is written.
      const data = await file.toBuffer();
      if (data.length === 0) throw new AppError('fileMissing');
      return uploads.saveImage(data, thumbSizeKb(file, request.query));
    });

  const saveFile = async (request: FastifyRequest): Promise<string> => {
    let url: string | undefined;
    try {
      await readParts(request, async (part) => {
        if (part.fieldname !== 'file' || url !== undefined) return false;
        url = await files.saveFile(part);
        return true;
      });
    } catch (err) {
      if (url) await files.remove(url);
      throw err;
    }
    if (!url) throw new AppError('fileMissing');
    return url;
  };
  const fileUpload: Handler<'fileUpload'> = ({ request }) => readingMultipart(() => saveFile(request));

  const saveVideo = async (request: FastifyRequest) => {
    let videoUrl: string | undefined;
    let cover: ImageUploadResult | undefined;
    try {
      const fields = await readParts(request, async (part) => {
        if (part.fieldname === VideoUploadField.FILE && videoUrl === undefined) {
          videoUrl = await files.saveVideo(part);
          return true;
        }
        if (part.fieldname === VideoUploadField.COVER && cover === undefined) {
          const data = await part.toBuffer();
          if (data.length > 0) cover = await uploads.saveImage(data);
          return true;
        }
        return false;
      });
      if (!videoUrl) throw new AppError('fileMissing');
      const width = numberField(fields, VideoUploadField.WIDTH, 100_000, true);
      const height = numberField(fields, VideoUploadField.HEIGHT, 100_000, true);
      const duration = numberField(fields, VideoUploadField.DURATION, 86_400, false);
      return {
        videoUrl,
        coverUrl: cover?.originUrl ?? '',
        width: width ?? cover?.width ?? 0,
        height: height ?? cover?.height ?? 0,
        duration: duration ?? 0,
      };
    } catch (err) {
      const stored = [videoUrl, cover?.originUrl, cover?.thumbUrl, cover?.downloadUrl].filter(
        (u): u is string => u !== undefined,
      );
      await Promise.all(stored.map((u) => files.remove(u)));
      throw err;
    }
  };
  const videoUpload: Handler<'videoUpload'> = ({ request }) => readingMultipart(() => saveVideo(request));

  // Per-user TURN credentials: never cached by a browser or a proxy.
  const systemConfigHandler: Handler<'systemConfig'> = async ({ auth, reply }) => {
    void reply.header('Cache-Control', 'no-store');
    return systemConfig(auth.userId);
  };
  return { imageUpload, fileUpload, videoUpload, systemConfig: systemConfigHandler };
};
