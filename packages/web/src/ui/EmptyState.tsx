import type { ReactNode } from 'react';

export function EmptyState({
  icon,
  title,
  text,
  testId,
}: {
  icon?: ReactNode;
  title: string;
  text?: string;
  testId?: string;
}) {
  return (
    <div className="empty" data-testid={testId}>
      {icon && <span className="empty__icon">{icon}</span>}
      <p className="empty__title">{title}</p>
      {text && <p className="empty__text">{text}</p>}
    </div>
  );
}
