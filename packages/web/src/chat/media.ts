/**
 * Browser side of the send pipeline: uploads with progress, and a video's cover
 * frame and size measured with a <video> element and a canvas (the server does
 * not decode video; wire-contract §7, VideoUploadField).
 */
import { VideoUploadField } from '@parley/protocol';
import { uploadForm } from '../api/call';
import type { Uploader } from './engine';

export interface VideoMeta {
  cover?: Blob;
  width: number;
  height: number;
  /** Seconds. */
  duration: number;
}

const COVER_MAX_EDGE = 720;
const META_TIMEOUT_MS = 10_000;

function waitFor(target: HTMLVideoElement, event: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new Error(`video: no ${event}`)), META_TIMEOUT_MS);
    const onEvent = () => done();
    const onError = () => done(new Error('video: cannot decode'));
    function done(err?: Error) {
      clearTimeout(timer);
      target.removeEventListener(event, onEvent);
      target.removeEventListener('error', onError);
      if (err) reject(err);
      else resolve();
    }
    target.addEventListener(event, onEvent);
    target.addEventListener('error', onError);
  });
}

/** Cover frame (JPEG), size and duration of a picked video; zeros when the browser cannot decode it. */
export async function measureVideo(file: Blob): Promise<VideoMeta> {
  const url = URL.createObjectURL(file);
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.preload = 'auto';
  try {
    const loaded = waitFor(video, 'loadeddata');
    video.src = url;
    await loaded;
    const duration = Number.isFinite(video.duration) ? video.duration : 0;
    const width = video.videoWidth;
    const height = video.videoHeight;
    if (duration > 0.2) {
      const seeked = waitFor(video, 'seeked');
      video.currentTime = Math.min(0.1, duration / 2);
      await seeked;
    }
    let cover: Blob | undefined;
    if (width > 0 && height > 0) {
      const scale = Math.min(1, COVER_MAX_EDGE / Math.max(width, height));
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.round(width * scale));
      canvas.height = Math.max(1, Math.round(height * scale));
      canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
      cover = (await new Promise<Blob | null>((r) => canvas.toBlob(r, 'image/jpeg', 0.82))) ?? undefined;
    }
    return { cover, width, height, duration: Math.round(duration * 10) / 10 };
  } catch {
    return { width: 0, height: 0, duration: 0 };
  } finally {
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
  }
}

/** Object URLs of files picked for sending (previews while they upload): a logout revokes them. */
const localUrls = new Set<string>();

export function revokeLocalUrls(): void {
  for (const url of localUrls) URL.revokeObjectURL(url);
  localUrls.clear();
}

export const browserUploader: Uploader = {
  image(file, onProgress) {
    const form = new FormData();
    form.append('file', file, file.name);
    return uploadForm('imageUpload', form, onProgress);
  },
  file(blob, name, onProgress) {
    const form = new FormData();
    form.append('file', blob, name);
    return uploadForm('fileUpload', form, onProgress);
  },
  async video(file, onProgress) {
    const meta = await measureVideo(file);
    const form = new FormData();
    // Fields first: the server reads the parts in order.
    form.append(VideoUploadField.WIDTH, String(meta.width));
    form.append(VideoUploadField.HEIGHT, String(meta.height));
    form.append(VideoUploadField.DURATION, String(meta.duration));
    if (meta.cover) form.append(VideoUploadField.COVER, meta.cover, 'cover.jpg');
    form.append(VideoUploadField.FILE, file, file.name);
    return uploadForm('videoUpload', form, onProgress);
  },
  localUrl(blob) {
    const url = URL.createObjectURL(blob);
    localUrls.add(url);
    return url;
  },
};
