/** Round avatar; without an image it shows the name's first letter on a colour picked from the name. */
import { useState } from 'react';

const COLOURS = ['#f5a623', '#4a90e2', '#7ed321', '#bd10e0', '#50e3c2', '#e86452', '#6c5ce7', '#00b894'];

function colourOf(name: string): string {
  let h = 0;
  for (const ch of name) h = (h * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return COLOURS[h % COLOURS.length] ?? '#999';
}

export function Avatar({ src, name, size = 48 }: { src?: string; name: string; size?: number }) {
  const [broken, setBroken] = useState(false);
  const style = { width: size, height: size, borderRadius: size * 0.18, flex: 'none' as const };
  if (src && !broken) {
    return (
      <img
        className="avatar"
        src={src}
        alt={name}
        style={{ ...style, objectFit: 'cover' }}
        onError={() => setBroken(true)}
      />
    );
  }
  const initial = [...name.trim()][0]?.toUpperCase() ?? '?';
  return (
    <span
      className="avatar avatar--initial"
      role="img"
      aria-label={name}
      style={{
        ...style,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: colourOf(name),
        color: '#fff',
        fontSize: size * 0.42,
        fontWeight: 600,
      }}
    >
      {initial}
    </span>
  );
}
