/**
 * Round avatar; without an image it shows the name's first letter on a colour
 * picked from the person's id (a remark or a new nickname keeps the colour), or
 * from the name when there is no id.
 */
import { useState } from 'react';
import { avatarColour } from './avatarColour';

interface AvatarProps {
  src?: string;
  name: string;
  size?: number;
  /** Who it is: a user id, or `g<id>` for a group. The colour follows it. */
  colourId?: number | string;
}

export function Avatar({ src, name, size = 48, colourId }: AvatarProps) {
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
      // a nameless avatar is decoration; a named one is read by its name
      role={name ? 'img' : undefined}
      aria-label={name || undefined}
      aria-hidden={name ? undefined : true}
      style={{
        ...style,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: avatarColour(colourId ?? name),
        color: '#fff',
        fontSize: size * 0.42,
        fontWeight: 600,
      }}
    >
      {initial}
    </span>
  );
}
