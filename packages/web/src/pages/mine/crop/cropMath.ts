/**
 * The avatar crop step's maths (issue 22 point 8): a picture covers a square viewport,
 * zoomed 1..MAX_ZOOM and moved by an offset (screen pixels, picture centre from viewport
 * centre) that never shows past its edges; the square of the picture under the viewport
 * is what uploads. Pure, tested under node.
 */
export const MAX_ZOOM = 4;

export interface Size {
  width: number;
  height: number;
}
export interface Point {
  x: number;
  y: number;
}

/** Screen pixels per picture pixel: at zoom 1 the shorter side fills the viewport. */
export const scaleOf = (image: Size, viewport: number, zoom: number): number =>
  (viewport / Math.min(image.width, image.height)) * clampZoom(zoom);

export const clampZoom = (zoom: number): number => Math.min(MAX_ZOOM, Math.max(1, Number.isFinite(zoom) ? zoom : 1));

/** The offset moved back until the picture covers the viewport again. */
export function clampOffset(image: Size, viewport: number, zoom: number, offset: Point): Point {
  const s = scaleOf(image, viewport, zoom);
  const maxX = Math.max(0, (image.width * s - viewport) / 2);
  const maxY = Math.max(0, (image.height * s - viewport) / 2);
  return { x: Math.min(maxX, Math.max(-maxX, offset.x)), y: Math.min(maxY, Math.max(-maxY, offset.y)) };
}

/**
 * Zoom to `next` around a point of the viewport (`at`, from its centre: the pinch's middle
 * or the pointer of a wheel), so what is under it stays under it.
 */
export function zoomAround(image: Size, viewport: number, zoom: number, offset: Point, next: number, at: Point) {
  const z = clampZoom(next);
  const k = z / clampZoom(zoom);
  const moved = { x: at.x - (at.x - offset.x) * k, y: at.y - (at.y - offset.y) * k };
  return { zoom: z, offset: clampOffset(image, viewport, z, moved) };
}

/** The square of the picture (its own pixels) that the viewport shows. */
export function cropRect(image: Size, viewport: number, zoom: number, offset: Point) {
  const s = scaleOf(image, viewport, zoom);
  const o = clampOffset(image, viewport, zoom, offset);
  const size = Math.min(viewport / s, image.width, image.height);
  const x = Math.min(image.width - size, Math.max(0, image.width / 2 - o.x / s - size / 2));
  const y = Math.min(image.height - size, Math.max(0, image.height / 2 - o.y / s - size / 2));
  return { x, y, size };
}
