/**
 * Long-press on touch and right-click with a mouse both open the message menu
 * at the pointer. A press that moves (a scroll) is not a long press.
 */
import { useRef, type MouseEvent, type PointerEvent } from 'react';

const HOLD_MS = 480;
const SLOP = 10;

export function useLongPress(onPress: (x: number, y: number) => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const start = useRef<{ x: number; y: number } | null>(null);
  /** A long press just fired: swallow the click that follows it. */
  const fired = useRef(false);

  const clear = () => {
    clearTimeout(timer.current);
    start.current = null;
  };

  return {
    onPointerDown(e: PointerEvent) {
      fired.current = false;
      if (e.pointerType === 'mouse') return;
      start.current = { x: e.clientX, y: e.clientY };
      const { clientX, clientY } = e;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        fired.current = true;
        start.current = null;
        navigator.vibrate?.(10);
        onPress(clientX, clientY);
      }, HOLD_MS);
    },
    onPointerMove(e: PointerEvent) {
      const s = start.current;
      if (s && Math.hypot(e.clientX - s.x, e.clientY - s.y) > SLOP) clear();
    },
    onPointerUp: clear,
    onPointerCancel: clear,
    onContextMenu(e: MouseEvent) {
      e.preventDefault();
      if (fired.current) return;
      clear();
      onPress(e.clientX, e.clientY);
    },
    onClickCapture(e: MouseEvent) {
      if (fired.current) {
        fired.current = false;
        e.preventDefault();
        e.stopPropagation();
      }
    },
  };
}
