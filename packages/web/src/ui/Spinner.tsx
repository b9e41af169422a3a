import { useTranslation } from 'react-i18next';
import './spinner.css';

export function Spinner({ size = 28 }: { size?: number }) {
  const { t } = useTranslation();
  return (
    <span
      className="spinner"
      role="progressbar"
      aria-label={t('common.loading')}
      style={{ width: size, height: size }}
    />
  );
}
