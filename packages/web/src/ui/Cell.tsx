/** A list entry row (settings style): label, optional value, chevron when it leads somewhere. */
import type { ReactNode } from 'react';
import './cell.css';

interface CellProps {
  label: ReactNode;
  value?: ReactNode;
  icon?: ReactNode;
  onClick?: () => void;
  testId?: string;
  arrow?: boolean;
  danger?: boolean;
}

export function Cell({ label, value, icon, onClick, testId, arrow = Boolean(onClick), danger }: CellProps) {
  const content = (
    <>
      {icon && <span className="cell__icon">{icon}</span>}
      <span className={danger ? 'cell__label cell__label--danger' : 'cell__label'}>{label}</span>
      {/* dir auto: a value in another script than the page (an English notice in ar-SA) cuts off at its own end */}
      {value !== undefined && (
        <span className="cell__value" dir="auto">
          {value}
        </span>
      )}
      {arrow && (
        <svg className="cell__arrow" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path
            d="m9 5 7 7-7 7"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      )}
    </>
  );
  return onClick ? (
    <button type="button" className="cell cell--button" onClick={onClick} data-testid={testId}>
      {content}
    </button>
  ) : (
    <div className="cell" data-testid={testId}>
      {content}
    </div>
  );
}

export function CellGroup({ children }: { children: ReactNode }) {
  return <div className="cell-group">{children}</div>;
}
