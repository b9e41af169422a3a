/**
 * The latest value, at most once per animation frame. An offline pull delivers
 * messages one frame at a time; the list re-measures once per frame, not per message.
 */
import { useEffect, useRef, useState } from 'react';

export function useFrameThrottled<T>(value: T): T {
  const [shown, setShown] = useState(value);
  const latest = useRef(value);
  const frame = useRef<number | null>(null);
  useEffect(() => {
    latest.current = value;
    if (frame.current !== null) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = null;
      setShown(latest.current);
    });
  }, [value]);
  useEffect(
    () => () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
    },
    [],
  );
  return shown;
}
