/** Toast (spec §9: 1500 ms by default). Callable from anywhere: api wrapper, socket, pages. */
import { Timing } from '@parley/protocol';
import { createStore, useStore } from '../app/createStore';
import './toast.css';

interface ToastState {
  id: number;
  text: string;
}

const toastStore = createStore<ToastState | null>(null);
let seq = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

export function showToast(text: string, durationMs: number = Timing.TOAST_MS): void {
  const id = ++seq;
  toastStore.set({ id, text });
  clearTimeout(timer);
  timer = setTimeout(() => toastStore.set((cur) => (cur?.id === id ? null : cur)), durationMs);
}

export function ToastHost() {
  const toast = useStore(toastStore);
  if (!toast) return null;
  return (
    <div className="toast" role="status" aria-live="polite" data-testid="toast" key={toast.id}>
      {toast.text}
    </div>
  );
}
