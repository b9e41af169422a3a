/** Small state badges of a user or group row: banned, deleted, dissolved, operator, trial. */
import { useTranslation } from 'react-i18next';
import { UserType } from '@parley/protocol';

interface FlagsProps {
  isBanned?: boolean;
  deleted?: boolean;
  dissolve?: boolean;
  isOperator?: boolean;
  type?: number;
}

export function Flags({ isBanned, deleted, dissolve, isOperator, type }: FlagsProps) {
  const { t } = useTranslation();
  return (
    <span className="console-flags">
      {isBanned && <span className="console-flag console-flag--red">{t('console.flags.banned')}</span>}
      {deleted && <span className="console-flag console-flag--grey">{t('console.flags.deleted')}</span>}
      {dissolve && <span className="console-flag console-flag--grey">{t('console.flags.dissolved')}</span>}
      {isOperator && <span className="console-flag console-flag--blue">{t('console.flags.operator')}</span>}
      {type === UserType.TRIAL && <span className="console-flag console-flag--grey">{t('console.flags.trial')}</span>}
    </span>
  );
}
