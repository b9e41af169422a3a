import { z } from 'zod';

export const imageUploadResult = z.object({
  originUrl: z.string(),
  thumbUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** The full-size original (metadata stripped) for download; `originUrl` is at most IMAGE_MAX_EDGE on its long edge. */
  downloadUrl: z.string().optional(),
});
export type ImageUploadResult = z.infer<typeof imageUploadResult>;

/** Image types the server accepts, by detected content (not by file name). */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
