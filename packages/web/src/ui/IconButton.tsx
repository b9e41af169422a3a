/** A round icon button for the navigation bar's end side; children are the SVG paths (24×24 stroke icons). */
import type { ReactNode } from 'react';

interface IconButtonProps {
  label: string;
  testId: string;
  onClick: () => void;
  children: ReactNode;
}

export function IconButton({ label, testId, onClick, children }: IconButtonProps) {
  return (
    <button type="button" className="nav-icon" onClick={onClick} aria-label={label} title={label} data-testid={testId}>
      <svg
        viewBox="0 0 24 24"
        width="22"
        height="22"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        {children}
      </svg>
    </button>
  );
}
