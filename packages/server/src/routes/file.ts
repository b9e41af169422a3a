/** Thin handlers for wire-contract §7: uploads and the system config. */
import type { MultipartFile } from '@fastify/multipart';
import { AppError } from '../http/app-error.js';
import type { Handler } from '../http/handlers.js';
import type { Services } from '../services/index.js';

/** The optional `thumbSize` (KB) hint, from a form field sent before the file or from the query. */
function thumbSizeKb(file: MultipartFile, query: unknown): number | undefined {
  const field = file.fields.thumbSize;
  const fromField = field && !Array.isArray(field) && field.type === 'field' ? field.value : undefined;
  const raw = fromField ?? (query as Record<string, unknown> | undefined)?.thumbSize;
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

export const fileRoutes = ({ uploads, systemConfig }: Services) => {
  const imageUpload: Handler<'imageUpload'> = async ({ request }) => {
    if (!request.isMultipart()) throw new AppError('fileMissing');
    const file = await request.file();
    if (!file || file.fieldname !== 'file') throw new AppError('fileMissing');
    // toBuffer() throws FST_REQ_FILE_TOO_LARGE (→ 413) past UPLOAD_MAX_BYTES, before anything is written.
    const data = await file.toBuffer();
    if (data.length === 0) throw new AppError('fileMissing');
    return uploads.saveImage(data, thumbSizeKb(file, request.query));
  };
  const systemConfigHandler: Handler<'systemConfig'> = async () => systemConfig();
  return { imageUpload, systemConfig: systemConfigHandler };
};
