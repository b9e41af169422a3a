/** The SYSTEM chat's avatar: a bell on the brand colour (the entry has no image of its own). */
import './system.css';

export function SystemAvatar({ name, size = 48 }: { name: string; size?: number }) {
  return (
    <span
      className="avatar sys-avatar"
      role={name ? 'img' : undefined}
      aria-label={name || undefined}
      aria-hidden={name ? undefined : true}
      style={{ width: size, height: size, borderRadius: size * 0.18 }}
      data-testid="system-avatar"
    >
      <svg viewBox="0 0 24 24" width={size * 0.56} height={size * 0.56} aria-hidden="true">
        <path
          d="M6 16.5V11a6 6 0 0 1 12 0v5.5l1.5 1.5h-15zM10 20.5a2 2 0 0 0 4 0"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.7"
          strokeLinejoin="round"
          strokeLinecap="round"
        />
      </svg>
    </span>
  );
}
