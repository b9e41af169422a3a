/**
 * Mine → Privacy (issue 22 point 11): "Show my last seen". Off, friends do not get my
 * last seen and I do not get theirs (the server leaves `lastSeenAt` out of both).
 * And "Require my approval to add me" (issue 22 point 1): off, adding me is instant.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserPrivacyRequest } from '@parley/protocol';
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
  const [pending, setPending] = useState<UserPrivacyRequest>({});
  const on = pending.showLastSeen ?? user.showLastSeen;
  const consent = pending.friendConsent ?? user.friendConsent;

  const change = async (body: UserPrivacyRequest) => {
    setBusy(true);
    setPending(body);
    try {
      await call('userPrivacy', { body });
      await reloadSelf();
    } catch {
      // the call wrapper showed why; the switch goes back
    } finally {
      setPending({});
      setBusy(false);
    }
  };

  const label = t('privacySettings.showLastSeen');
  const consentLabel = t('privacySettings.friendConsent');
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
              onChange={(v) => void change({ showLastSeen: v })}
              testId="privacy-show-last-seen"
            />
          }
        />
      </CellGroup>
      <p className="mine-note" data-testid="privacy-show-last-seen-hint">
        {t('privacySettings.showLastSeenHint')}
      </p>
      <CellGroup>
        <Cell
          label={consentLabel}
          value={
            <Switch
              checked={consent}
              disabled={busy}
              label={consentLabel}
              onChange={(v) => void change({ friendConsent: v })}
              testId="privacy-friend-consent"
            />
          }
        />
      </CellGroup>
      <p className="mine-note" data-testid="privacy-friend-consent-hint">
        {t('privacySettings.friendConsentHint')}
      </p>
    </div>
  );
}
