/**
 * Full-screen image preview with zoom 1 to 4 (spec §9): pinch and drag on touch,
 * wheel and drag with a mouse, double-tap or double-click toggles 1 ↔ 2.5, and
 * +/− buttons. Escape, the close button or a tap on the unzoomed image closes it.
 */
import { useCallback, useEffect, useRef, useState, type PointerEvent, type WheelEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { ZOOM_MAX, ZOOM_MIN, ZOOM_RESET, clampPan, zoomAt, type ZoomState } from './zoomMath';
import './zoom-viewer.css';

interface ZoomImageViewerProps {
  src: string;
  /** Shown while the full image loads (e.g. the thumbnail). */
  placeholder?: string;
  alt: string;
  onClose: () => void;
  testId?: string;
}

const DOUBLE_TAP_MS = 300;
const TAP_SLOP = 8;

export function ZoomImageViewer({ src, placeholder, alt, onClose, testId = 'image-preview' }: ZoomImageViewerProps) {
  const { t } = useTranslation();
  const viewRef = useRef<HTMLDivElement>(null);
  const imgRef = useRef<HTMLImageElement>(null);
  const [zoom, setZoom] = useState<ZoomState>(ZOOM_RESET);
  const [loaded, setLoaded] = useState(false);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<{ dist: number; zoom: ZoomState; moved: boolean; start: { x: number; y: number } } | null>(
    null,
  );
  const lastTap = useRef(0);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  const sizes = useCallback(() => {
    const img = imgRef.current;
    const view = viewRef.current;
    return {
      image: { width: img?.offsetWidth ?? 0, height: img?.offsetHeight ?? 0 },
      view: { width: view?.clientWidth ?? 0, height: view?.clientHeight ?? 0 },
      rect: view?.getBoundingClientRect(),
    };
  }, []);

  /** A client point relative to the view's centre. */
  const fromCentre = useCallback(
    (x: number, y: number) => {
      const { rect } = sizes();
      return rect ? { x: x - rect.left - rect.width / 2, y: y - rect.top - rect.height / 2 } : { x: 0, y: 0 };
    },
    [sizes],
  );

  const zoomTo = (scale: number, clientX?: number, clientY?: number) => {
    const { image, view } = sizes();
    const p = clientX !== undefined && clientY !== undefined ? fromCentre(clientX, clientY) : { x: 0, y: 0 };
    setZoom((z) => zoomAt(z, scale, p, image, view));
  };

  const onWheel = (e: WheelEvent) => {
    zoomTo(zoom.scale * Math.exp(-e.deltaY * 0.0015), e.clientX, e.clientY);
  };

  const onPointerDown = (e: PointerEvent) => {
    (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const pts = [...pointers.current.values()];
    gesture.current = {
      dist: pts.length === 2 ? Math.hypot(pts[0]!.x - pts[1]!.x, pts[0]!.y - pts[1]!.y) : 0,
      zoom,
      moved: pts.length > 1,
      start: { x: e.clientX, y: e.clientY },
    };
  };

  const onPointerMove = (e: PointerEvent) => {
    const prev = pointers.current.get(e.pointerId);
    const g = gesture.current;
    if (!prev || !g) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const pts = [...pointers.current.values()];
    const { image, view } = sizes();
    if (pts.length === 2 && g.dist > 0) {
      const dist = Math.hypot(pts[0]!.x - pts[1]!.x, pts[0]!.y - pts[1]!.y);
      const mid = fromCentre((pts[0]!.x + pts[1]!.x) / 2, (pts[0]!.y + pts[1]!.y) / 2);
      g.moved = true;
      setZoom(zoomAt(g.zoom, (g.zoom.scale * dist) / g.dist, mid, image, view));
    } else if (pts.length === 1) {
      if (Math.hypot(e.clientX - g.start.x, e.clientY - g.start.y) > TAP_SLOP) g.moved = true;
      if (g.zoom.scale > 1) {
        setZoom((z) => clampPan({ ...z, x: z.x + e.clientX - prev.x, y: z.y + e.clientY - prev.y }, image, view));
      }
    }
  };

  const onPointerUp = (e: PointerEvent) => {
    pointers.current.delete(e.pointerId);
    const g = gesture.current;
    if (pointers.current.size > 0) {
      // one finger of a pinch lifted: continue as a drag from the current state
      gesture.current = g && { ...g, dist: 0, zoom };
      return;
    }
    gesture.current = null;
    if (!g || g.moved) return;
    const now = e.timeStamp;
    if (now - lastTap.current < DOUBLE_TAP_MS) {
      lastTap.current = 0;
      zoomTo(zoom.scale > 1 ? 1 : 2.5, e.clientX, e.clientY);
      return;
    }
    lastTap.current = now;
    if (zoom.scale === 1) {
      // a single tap on the unzoomed image closes it, unless a second tap follows
      const at = now;
      setTimeout(() => lastTap.current === at && onClose(), DOUBLE_TAP_MS);
    }
  };

  return createPortal(
    <div className="zoom-viewer" role="dialog" aria-modal="true" aria-label={alt} data-testid={testId}>
      <div
        ref={viewRef}
        className="zoom-viewer__stage"
        onWheel={onWheel}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        data-scale={zoom.scale.toFixed(2)}
        data-testid={`${testId}-stage`}
      >
        <img
          ref={imgRef}
          className="zoom-viewer__img"
          src={loaded || !placeholder ? src : placeholder}
          alt={alt}
          draggable={false}
          style={{ transform: `translate(${zoom.x}px, ${zoom.y}px) scale(${zoom.scale})` }}
        />
        {placeholder && !loaded && <img hidden src={src} alt="" onLoad={() => setLoaded(true)} />}
      </div>
      <button
        type="button"
        className="zoom-viewer__close"
        onClick={onClose}
        aria-label={t('common.close')}
        data-testid={`${testId}-close`}
      >
        ×
      </button>
      <div className="zoom-viewer__bar">
        <button
          type="button"
          onClick={() => zoomTo(zoom.scale - 0.5)}
          disabled={zoom.scale <= ZOOM_MIN}
          aria-label={t('ui.zoomOut')}
          data-testid={`${testId}-zoom-out`}
        >
          −
        </button>
        <span aria-live="polite">{Math.round(zoom.scale * 100)}%</span>
        <button
          type="button"
          onClick={() => zoomTo(zoom.scale + 0.5)}
          disabled={zoom.scale >= ZOOM_MAX}
          aria-label={t('ui.zoomIn')}
          data-testid={`${testId}-zoom-in`}
        >
          +
        </button>
      </div>
    </div>,
    document.body,
  );
}
