/**
 * The message content of an attachment (wire-contract §6): a preview from the
 * local file while it uploads, then the content with the uploaded URLs.
 */
import { MessageType } from '@parley/protocol';
import type { Progress, Uploader } from './deps';
import type { Attachment } from './types';

/**
 * The picked image's size as it is shown (EXIF orientation applied), so the bubble takes
 * its ratio at once instead of a square that jumps when the upload answers; 0 × 0 when
 * the browser cannot decode it (the bubble then keeps the square until the upload).
 */
async function imageSize(file: Blob): Promise<{ width: number; height: number }> {
  if (typeof createImageBitmap !== 'function') return { width: 0, height: 0 };
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return { width: 0, height: 0 };
  }
}

/** The fields an attachment carries into its content besides the upload (issue 22 point 8). */
function extras(attachment: Attachment): { caption?: string; waveform?: number[] } {
  if (attachment.kind === 'voice') return attachment.waveform?.length ? { waveform: attachment.waveform } : {};
  return attachment.caption?.trim() ? { caption: attachment.caption } : {};
}

/** Message type and the content shown while the attachment uploads. */
export async function attachmentPreview(
  attachment: Attachment,
  upload: Uploader,
): Promise<{ msgType: number; preview: string }> {
  switch (attachment.kind) {
    case 'image': {
      const { width, height } = await imageSize(attachment.file);
      const url = upload.localUrl(attachment.file);
      return {
        msgType: MessageType.IMAGE,
        preview: JSON.stringify({ originUrl: url, thumbUrl: url, width, height, ...extras(attachment) }),
      };
    }
    case 'video':
      return {
        msgType: MessageType.VIDEO,
        preview: JSON.stringify({
          videoUrl: upload.localUrl(attachment.file),
          coverUrl: '',
          width: 0,
          height: 0,
          duration: 0,
          ...extras(attachment),
        }),
      };
    case 'file':
      return {
        msgType: MessageType.FILE,
        preview: JSON.stringify({
          name: attachment.file.name,
          size: attachment.file.size,
          url: '',
          ...extras(attachment),
        }),
      };
    case 'voice':
      return {
        msgType: MessageType.AUDIO,
        preview: JSON.stringify({
          duration: Math.max(0, Math.round(attachment.durationSec)),
          url: upload.localUrl(attachment.blob),
          ...extras(attachment),
        }),
      };
  }
}

/** Upload the attachment; returns the message content with its URLs. */
export async function uploadAttachment(
  attachment: Attachment,
  upload: Uploader,
  onProgress: Progress,
): Promise<string> {
  switch (attachment.kind) {
    case 'image':
      return JSON.stringify({ ...(await upload.image(attachment.file, onProgress)), ...extras(attachment) });
    case 'video':
      return JSON.stringify({ ...(await upload.video(attachment.file, onProgress)), ...extras(attachment) });
    case 'file': {
      const url = await upload.file(attachment.file, attachment.file.name, onProgress);
      return JSON.stringify({ name: attachment.file.name, size: attachment.file.size, url, ...extras(attachment) });
    }
    case 'voice': {
      // Spec §7: voice recordings are uploaded as `<day of month>.mp3`.
      const url = await upload.file(attachment.blob, `${new Date().getDate()}.mp3`, onProgress);
      return JSON.stringify({
        duration: Math.max(0, Math.round(attachment.durationSec)),
        url,
        ...extras(attachment),
      });
    }
  }
}
