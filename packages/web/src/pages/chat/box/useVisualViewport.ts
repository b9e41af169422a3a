/**
 * The soft keyboard resizes the page (spec §2). Android follows the viewport's
 * interactive-widget=resizes-content; iOS only shrinks the visual viewport, so
 * the box takes the visual viewport's height and offset while it differs.
 */
import { useEffect, type RefObject } from 'react';

export function useVisualViewport(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const vv = window.visualViewport;
    const el = ref.current;
    if (!vv || !el) return;
    const apply = () => {
      const keyboard = window.innerHeight - vv.height > 1 && Math.abs(vv.scale - 1) < 0.01;
      el.style.height = keyboard ? `${vv.height}px` : '';
      el.style.transform = keyboard && vv.offsetTop ? `translateY(${vv.offsetTop}px)` : '';
    };
    vv.addEventListener('resize', apply);
    vv.addEventListener('scroll', apply);
    apply();
    return () => {
      vv.removeEventListener('resize', apply);
      vv.removeEventListener('scroll', apply);
      el.style.height = '';
      el.style.transform = '';
    };
  }, [ref]);
}
