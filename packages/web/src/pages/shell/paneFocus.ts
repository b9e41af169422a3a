/**
 * Two panes: a page opened from the list takes the keyboard focus, as desktop
 * messengers do (Enter on a chat row, then type). The page marks its natural start
 * with `data-pane-focus` (the chat composer); otherwise the pane itself takes focus
 * so a screen reader announces it. Lazy pages mount later, so this waits up to 1.5 s.
 */
const WAIT_MS = 1500;

export function focusPane(pane: HTMLElement): () => void {
  const started = performance.now();
  let frame = 0;
  const attempt = () => {
    const target = pane.querySelector<HTMLElement>('[data-pane-focus]');
    if (target && !target.hasAttribute('disabled')) {
      target.focus({ preventScroll: true });
      return;
    }
    if (performance.now() - started > WAIT_MS) {
      // Nothing marked: the pane, so the next Tab moves into its page.
      if (!pane.contains(document.activeElement)) pane.focus({ preventScroll: true });
      return;
    }
    frame = requestAnimationFrame(attempt);
  };
  frame = requestAnimationFrame(attempt);
  return () => cancelAnimationFrame(frame);
}
