/** An on/off switch: a native checkbox with role="switch", so keyboard and screen readers work. */
import './switch.css';

interface SwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  disabled?: boolean;
  testId?: string;
}

export function Switch({ checked, onChange, label, disabled, testId }: SwitchProps) {
  return (
    <input
      type="checkbox"
      role="switch"
      className="switch"
      checked={checked}
      disabled={disabled}
      aria-label={label}
      aria-checked={checked}
      onChange={(e) => onChange(e.target.checked)}
      data-testid={testId}
    />
  );
}
