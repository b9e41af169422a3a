/** Mine → Notifications: the state of web push here, and the way to turn it on. */
import { useTranslation } from 'react-i18next';
import { Cell } from '../ui/Cell';
import { openPushSettings, usePushState } from './index';

export function PushCell() {
  const { t } = useTranslation();
  const state = usePushState();
  return (
    <Cell
      label={t('push.title')}
      value={t(`push.state.${state}`)}
      onClick={() => void openPushSettings()}
      testId="mine-push-entry"
    />
  );
}
