/** Toast (spec §9: 1500 ms by default). Callable from anywhere: api wrapper, socket, pages. */
import { Timing } from '@parley/protocol';
import { createStore, useStore } from '../app/createStore';
import { toastPlacement, type ToastPlacement } from './toastPlacement';
import './toast.css';

interface ToastState {
  id: number;
  text: string;
  placement: ToastPlacement;
}

/** Where the last press was (or the focused control, for keys): the toast keeps away from it. */
let pressedY: number | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener('pointerdown', (e) => (pressedY = e.clientY), true);
  document.addEventListener(
    'keydown',
    () => {
      const rect = document.activeElement?.getBoundingClientRect();
      if (rect && rect.height > 0) pressedY = rect.top + rect.height / 2;
    },
    true,
  );
}

const toastStore = createStore<ToastState | null>(null);
let seq = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

export function showToast(text: string, durationMs: number = Timing.TOAST_MS): void {
  const id = ++seq;
  const height = typeof window === 'undefined' ? 0 : window.innerHeight;
  toastStore.set({ id, text, placement: toastPlacement(pressedY, height) });
  clearTimeout(timer);
  timer = setTimeout(() => toastStore.set((cur) => (cur?.id === id ? null : cur)), durationMs);
}

export function ToastHost() {
  const toast = useStore(toastStore);
  if (!toast) return null;
  return (
    <div
      className={`toast toast--${toast.placement}`}
      role="status"
      aria-live="polite"
      data-testid="toast"
      data-placement={toast.placement}
      key={toast.id}
    >
      {toast.text}
    </div>
  );
}
