/** A circular progress indicator (0-1) for uploads. */
export function ProgressRing({ value, size = 36, label }: { value: number; size?: number; label: string }) {
  const r = size / 2 - 3;
  const c = 2 * Math.PI * r;
  const v = Math.min(1, Math.max(0, value));
  return (
    <svg
      className="progress-ring"
      width={size}
      height={size}
      viewBox={`0 0 ${size} ${size}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(v * 100)}
    >
      <circle
        cx={size / 2}
        cy={size / 2}
        r={r}
        fill="rgba(0,0,0,0.35)"
        stroke="rgba(255,255,255,0.35)"
        strokeWidth="3"
      />
      <circle
        cx={size / 2}
        cy={size / 2}
        r={r}
        fill="none"
        stroke="#fff"
        strokeWidth="3"
        strokeLinecap="round"
        strokeDasharray={c}
        strokeDashoffset={c * (1 - v)}
        transform={`rotate(-90 ${size / 2} ${size / 2})`}
      />
    </svg>
  );
}
