/** Avatar with the green online dot in its corner (shown only while the user is online), and terminal tags. */
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../ui/Avatar';
import './friend.css';

interface OnlineAvatarProps {
  userId: number;
  src: string;
  name: string;
  online: boolean;
  size?: number;
}

export function OnlineAvatar({ userId, src, name, online, size = 44 }: OnlineAvatarProps) {
  return (
    <span className="online-avatar">
      <Avatar src={src} name={name} colourId={userId} size={size} />
      {online && <span className="online-dot" data-testid={`friend-online-dot-${userId}`} aria-hidden="true" />}
    </span>
  );
}

const TERMINAL_ICONS = {
  web: 'M3 5h18v11H3zM8 20h8M12 16v4',
  app: 'M7 2h10v20H7zM11 18h2',
} as const;

/** Small "Web" / "App" tags naming the terminals a friend is online on. */
export function TerminalTags({ userId, web, app }: { userId: number; web: boolean; app: boolean }) {
  const { t } = useTranslation();
  const kinds = [...(web ? (['web'] as const) : []), ...(app ? (['app'] as const) : [])];
  if (kinds.length === 0) return null;
  return (
    <span className="terminal-tags">
      {kinds.map((kind) => (
        <span key={kind} className="terminal-tag" data-testid={`friend-terminal-${kind}-${userId}`}>
          <svg viewBox="0 0 24 24" width="11" height="11" aria-hidden="true">
            <path d={TERMINAL_ICONS[kind]} fill="none" stroke="currentColor" strokeWidth="2.2" />
          </svg>
          {t(kind === 'web' ? 'friend.terminalWeb' : 'friend.terminalApp')}
        </span>
      ))}
    </span>
  );
}
