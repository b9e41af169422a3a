/** Pan-and-zoom arithmetic of the image preview (spec §9: zoom 1 to 4), pure for tests. */
export const ZOOM_MIN = 1;
export const ZOOM_MAX = 4;

export interface ZoomState {
  scale: number;
  x: number;
  y: number;
}

export const ZOOM_RESET: ZoomState = { scale: 1, x: 0, y: 0 };

export const clampScale = (s: number): number => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, s));

/**
 * Zoom to `scale` keeping the point `p` (relative to the view centre) still;
 * then keep the image covering the view where it is larger than it.
 */
export function zoomAt(
  state: ZoomState,
  scale: number,
  p: { x: number; y: number },
  image: { width: number; height: number },
  view: { width: number; height: number },
): ZoomState {
  const s = clampScale(scale);
  const k = s / state.scale;
  return clampPan({ scale: s, x: p.x - (p.x - state.x) * k, y: p.y - (p.y - state.y) * k }, image, view);
}

/** Translation limits: a zoomed image may move until its edge reaches the view's edge. */
export function clampPan(
  state: ZoomState,
  image: { width: number; height: number },
  view: { width: number; height: number },
): ZoomState {
  const maxX = Math.max(0, (image.width * state.scale - view.width) / 2);
  const maxY = Math.max(0, (image.height * state.scale - view.height) / 2);
  // `+ 0` turns -0 into 0
  return {
    scale: state.scale,
    x: Math.min(maxX, Math.max(-maxX, state.x)) + 0,
    y: Math.min(maxY, Math.max(-maxY, state.y)) + 0,
  };
}
