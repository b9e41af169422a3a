import type { ReactNode } from 'react';

export function EmptyState({
  icon,
  title,
  text,
  testId,
  children,
}: {
  icon?: ReactNode;
  title: string;
  text?: string;
  testId?: string;
  /** Actions under the text: where to go from here. */
  children?: ReactNode;
}) {
  return (
    <div className="empty" data-testid={testId}>
      {icon && <span className="empty__icon">{icon}</span>}
      <p className="empty__title">{title}</p>
      {text && <p className="empty__text">{text}</p>}
      {children}
    </div>
  );
}
