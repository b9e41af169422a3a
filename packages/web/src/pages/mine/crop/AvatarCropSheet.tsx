/**
 * The avatar's crop step (issue 22 point 8), for the user's and a group's avatar: the
 * picked picture in a square viewport, moved by dragging, zoomed by pinching, the wheel
 * or the slider (arrow keys move it too); "Use" draws the square under the viewport into
 * a 512 px JPEG, which is what uploads.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Sheet } from '../../../ui/Sheet';
import { MAX_ZOOM, clampOffset, cropRect, scaleOf, zoomAround, type Point, type Size } from './cropMath';
import './crop.css';

const VIEWPORT = 280;
const OUTPUT = 512;

interface Props {
  file: File;
  onDone: (cropped: File) => void;
  onCancel: () => void;
}

/** The square of `image` drawn at OUTPUT px (or its own size when smaller) on white. */
async function render(image: HTMLImageElement, rect: { x: number; y: number; size: number }): Promise<File> {
  const side = Math.max(1, Math.round(Math.min(OUTPUT, rect.size)));
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = '#fff'; // a transparent PNG becomes JPEG
  ctx.fillRect(0, 0, side, side);
  ctx.drawImage(image, rect.x, rect.y, rect.size, rect.size, 0, 0, side, side);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
  if (!blob) throw new Error('crop failed');
  return new File([blob], 'avatar.jpg', { type: 'image/jpeg' });
}

export function AvatarCropSheet({ file, onDone, onCancel }: Props) {
  const { t } = useTranslation();
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  const img = useRef<HTMLImageElement>(null);
  const [size, setSize] = useState<Size | null>(null);
  const [{ zoom, offset }, setPose] = useState<{ zoom: number; offset: Point }>({ zoom: 1, offset: { x: 0, y: 0 } });
  const [busy, setBusy] = useState(false);
  /** Pointers down on the viewport (two pinch). */
  const pointers = useRef(new Map<number, Point>());

  const move = (dx: number, dy: number) =>
    size &&
    setPose((p) => ({ ...p, offset: clampOffset(size, VIEWPORT, p.zoom, { x: p.offset.x + dx, y: p.offset.y + dy }) }));
  /** Zoom by `next(current)` around `at` (from the viewport's centre). */
  const zoomTo = (next: (current: number) => number, at: Point = { x: 0, y: 0 }) =>
    size && setPose((p) => zoomAround(size, VIEWPORT, p.zoom, p.offset, next(p.zoom), at));

  const fromCentre = (e: { clientX: number; clientY: number }, el: Element): Point => {
    const r = el.getBoundingClientRect();
    return { x: e.clientX - r.left - r.width / 2, y: e.clientY - r.top - r.height / 2 };
  };

  const scale = size ? scaleOf(size, VIEWPORT, zoom) : 1;
  const use = async () => {
    if (!size || !img.current || busy) return;
    setBusy(true);
    try {
      onDone(await render(img.current, cropRect(size, VIEWPORT, zoom, offset)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Sheet
      title={t('avatarCrop.title')}
      onClose={onCancel}
      testId="avatar-crop"
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={onCancel} data-testid="avatar-crop-cancel">
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="btn btn--primary"
            disabled={!size || busy}
            onClick={() => void use()}
            data-testid="avatar-crop-done"
          >
            {t('avatarCrop.done')}
          </button>
        </>
      }
    >
      <div className="avatar-crop">
        <div
          className="avatar-crop__viewport"
          style={{ width: VIEWPORT, height: VIEWPORT }}
          tabIndex={0}
          role="group"
          aria-label={t('avatarCrop.area')}
          data-testid="avatar-crop-viewport"
          onKeyDown={(e) => {
            const step = e.shiftKey ? 40 : 10;
            const keys: Record<string, [number, number]> = {
              ArrowLeft: [step, 0],
              ArrowRight: [-step, 0],
              ArrowUp: [0, step],
              ArrowDown: [0, -step],
            };
            const d = keys[e.key];
            if (!d) return;
            e.preventDefault();
            move(d[0], d[1]);
          }}
          onWheel={(e) => zoomTo((z) => z * Math.exp(-e.deltaY / 400), fromCentre(e, e.currentTarget))}
          onPointerDown={(e) => {
            e.currentTarget.setPointerCapture(e.pointerId);
            pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
          }}
          onPointerMove={(e) => {
            const list = pointers.current;
            const prev = list.get(e.pointerId);
            if (!prev || !size) return;
            const now = { x: e.clientX, y: e.clientY };
            if (list.size === 2) {
              // Pinch: the distance's change zooms around the two fingers' middle.
              const other = [...list.entries()].find(([id]) => id !== e.pointerId)![1];
              const before = Math.hypot(prev.x - other.x, prev.y - other.y);
              const after = Math.hypot(now.x - other.x, now.y - other.y);
              const mid = { clientX: (now.x + other.x) / 2, clientY: (now.y + other.y) / 2 };
              if (before > 0) zoomTo((z) => z * (after / before), fromCentre(mid, e.currentTarget));
            } else {
              move(now.x - prev.x, now.y - prev.y);
            }
            list.set(e.pointerId, now);
          }}
          onPointerUp={(e) => pointers.current.delete(e.pointerId)}
          onPointerCancel={(e) => pointers.current.delete(e.pointerId)}
        >
          <img
            ref={img}
            src={url}
            alt=""
            draggable={false}
            className="avatar-crop__image"
            style={
              size
                ? {
                    width: size.width * scale,
                    height: size.height * scale,
                    transform: `translate(calc(-50% + ${offset.x}px), calc(-50% + ${offset.y}px))`,
                  }
                : { visibility: 'hidden' }
            }
            onLoad={(e) => setSize({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })}
          />
          <span className="avatar-crop__frame" aria-hidden="true" />
        </div>
        <input
          type="range"
          className="avatar-crop__zoom"
          min={1}
          max={MAX_ZOOM}
          step={0.01}
          value={zoom}
          aria-label={t('avatarCrop.zoom')}
          data-testid="avatar-crop-zoom"
          onChange={(e) => {
            const value = Number(e.target.value);
            zoomTo(() => value);
          }}
        />
      </div>
    </Sheet>
  );
}
