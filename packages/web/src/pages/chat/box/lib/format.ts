/** Small formatting rules of the chat box, pure for tests. */

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** 0 B, 999 B, 1.5 KB, 12 KB, 3.4 MB: one decimal below 10 of a unit. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  if (unit === 0) return `${Math.round(value)} B`;
  const rounded = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  // 1023.6 KB rounds to 1024: show the next unit instead
  if (rounded >= 1024 && unit < UNITS.length - 1) return `1 ${UNITS[unit + 1]}`;
  return `${rounded} ${UNITS[unit]}`;
}

/** Seconds as m:ss (h:mm:ss from an hour). */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(Number.isFinite(seconds) ? seconds : 0));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

export const VOICE_MIN_WIDTH = 76;
export const VOICE_MAX_WIDTH = 220;
/** Voice bubbles grow with duration, quickly at first, up to a 60 s recording. */
export function voiceBubbleWidth(durationSec: number): number {
  const d = Math.min(60, Math.max(1, Number.isFinite(durationSec) ? durationSec : 1));
  const ratio = Math.sqrt((d - 1) / 59);
  return Math.round(VOICE_MIN_WIDTH + (VOICE_MAX_WIDTH - VOICE_MIN_WIDTH) * ratio);
}

/** Fit a media box of width×height into max×max keeping its ratio (unknown sizes get a square). */
export function fitBox(width: number, height: number, max: number, min = 80): { width: number; height: number } {
  if (!(width > 0 && height > 0)) return { width: max * 0.75, height: max * 0.75 };
  const scale = Math.min(1, max / Math.max(width, height));
  let w = width * scale;
  let h = height * scale;
  // very thin images keep a tappable size (cropped by object-fit)
  if (w < min) w = min;
  if (h < min) h = min;
  return { width: Math.round(Math.min(w, max)), height: Math.round(Math.min(h, max)) };
}
