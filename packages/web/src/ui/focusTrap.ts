/**
 * Keyboard rules shared by dialogs, sheets and menus: focus moves in on open,
 * Tab cycles inside, and focus returns to what had it when the layer closes.
 */
import { useLayoutEffect, useRef, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.hidden && el.getClientRects().length > 0,
  );
}

/** Tab and Shift+Tab wrap inside `root`; returns true when the key was handled. */
export function trapTab(root: HTMLElement, e: KeyboardEvent | React.KeyboardEvent): boolean {
  if (e.key !== 'Tab') return false;
  const items = focusables(root);
  if (!items.length) {
    e.preventDefault();
    return true;
  }
  const first = items[0]!;
  const last = items[items.length - 1]!;
  const active = document.activeElement as HTMLElement | null;
  const inside = !!active && root.contains(active);
  if (e.shiftKey && (active === first || !inside)) {
    e.preventDefault();
    last.focus();
    return true;
  }
  if (!e.shiftKey && (active === last || !inside)) {
    e.preventDefault();
    first.focus();
    return true;
  }
  return false;
}

/** Arrow keys (and Home/End) move focus among `selector` items inside `root`. */
export function moveByArrows(root: HTMLElement, e: KeyboardEvent | React.KeyboardEvent, selector: string): boolean {
  const items = [...root.querySelectorAll<HTMLElement>(selector)].filter((el) => !el.hasAttribute('disabled'));
  if (!items.length) return false;
  const at = items.indexOf(document.activeElement as HTMLElement);
  let next: number;
  if (e.key === 'ArrowDown' || e.key === 'ArrowRight') next = at < 0 ? 0 : (at + 1) % items.length;
  else if (e.key === 'ArrowUp' || e.key === 'ArrowLeft') next = at <= 0 ? items.length - 1 : at - 1;
  else if (e.key === 'Home') next = 0;
  else if (e.key === 'End') next = items.length - 1;
  else return false;
  e.preventDefault();
  items[next]!.focus();
  return true;
}

/** Open layers, innermost last: only the top one handles Tab and Escape. */
const layers: symbol[] = [];

export interface TrapOptions {
  /** Focused on open instead of the first focusable. */
  initial?: RefObject<HTMLElement | null>;
  /** Escape closes the layer (only the top layer hears it). */
  onEscape?: () => void;
}

/**
 * While mounted: focus the first focusable (or `initial`) inside `ref`, keep Tab
 * inside, close on Escape, and give focus back to the previously focused element.
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>, { initial, onEscape }: TrapOptions = {}) {
  const escape = useRef(onEscape);
  useLayoutEffect(() => {
    escape.current = onEscape;
  });
  useLayoutEffect(() => {
    const id = Symbol('layer');
    layers.push(id);
    const previous = document.activeElement as HTMLElement | null;
    const root = ref.current;
    if (root && !root.contains(document.activeElement)) {
      const target = initial?.current ?? focusables(root)[0] ?? root;
      target.focus({ preventScroll: true });
    }
    const onKey = (e: KeyboardEvent) => {
      if (layers[layers.length - 1] !== id || !ref.current) return;
      if (e.key === 'Escape' && escape.current) {
        e.preventDefault();
        e.stopPropagation();
        escape.current();
      } else trapTab(ref.current, e);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      layers.splice(layers.indexOf(id), 1);
      const active = document.activeElement;
      const lost = !active || active === document.body || !!root?.contains(active) || !active.isConnected;
      if (lost && previous?.isConnected) previous.focus({ preventScroll: true });
    };
  }, [ref, initial]);
}
