/**
 * Where a toast goes: never over the control just pressed (issue 11, point 15).
 * A press in the lower half puts it near the top, a press in the upper half
 * near the bottom; with no press known it goes to the top.
 */
export type ToastPlacement = 'top' | 'bottom';

export function toastPlacement(pressedY: number | null, viewportHeight: number): ToastPlacement {
  if (pressedY === null || viewportHeight <= 0) return 'top';
  return pressedY > viewportHeight / 2 ? 'top' : 'bottom';
}
