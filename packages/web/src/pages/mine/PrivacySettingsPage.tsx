/**
 * Mine → Privacy (issue 22 point 11): "Show my last seen". Off, friends do not get my
 * last seen and I do not get theirs (the server leaves `lastSeenAt` out of both).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { reloadSelf, useCurrentUser } from '../../app/session';
import { Paths } from '../../routes/paths';
import { Cell, CellGroup } from '../../ui/Cell';
import { NavBar } from '../../ui/NavBar';
import { Switch } from '../../ui/Switch';
import './mine.css';

export default function PrivacySettingsPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [busy, setBusy] = useState(false);
  // Shown at once; the saved value comes back with the reloaded self.
  const [pending, setPending] = useState<boolean | null>(null);
  const on = pending ?? user.showLastSeen;

  const change = async (showLastSeen: boolean) => {
    setBusy(true);
    setPending(showLastSeen);
    try {
      await call('userPrivacy', { body: { showLastSeen } });
      await reloadSelf();
    } catch {
      // the call wrapper showed why; the switch goes back
    } finally {
      setPending(null);
      setBusy(false);
    }
  };

  const label = t('privacySettings.showLastSeen');
  return (
    <div className="page page--narrow" data-testid="privacy-settings-page">
      <NavBar title={t('privacySettings.title')} backTo={Paths.mine} />
      <CellGroup>
        <Cell
          label={label}
          value={
            <Switch
              checked={on}
              disabled={busy}
              label={label}
              onChange={(v) => void change(v)}
              testId="privacy-show-last-seen"
            />
          }
        />
      </CellGroup>
      <p className="mine-note" data-testid="privacy-show-last-seen-hint">
        {t('privacySettings.showLastSeenHint')}
      </p>
    </div>
  );
}
