/**
 * The console's "Reset password" (issue 22 point 9), for users who cannot use a mailed
 * link: confirmed, then the new temporary password is shown once for the operator to
 * hand over (the server never shows it again and the audit log does not keep it).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resetUserPassword } from '../../../console/users';
import { alertDialog, confirmDialog } from '../../../ui/dialog';
import { Sentence } from '../../../ui/Segments';

export function ResetPasswordButton({ id, name, disabled }: { id: number; name: string; disabled: boolean }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const reset = async () => {
    const ok = await confirmDialog({
      title: t('console.users.resetTitle'),
      content: <Sentence k="console.users.resetConfirm" values={{ name }} />,
      confirmText: t('console.users.resetAction'),
      testId: 'console-reset-dialog',
    });
    if (!ok) return;
    setBusy(true);
    try {
      const { password } = await resetUserPassword(id);
      await alertDialog({
        title: t('console.users.resetDone'),
        content: (
          <>
            <span>{t('console.users.resetShowOnce')}</span>
            <code className="console-password" dir="ltr" data-testid="console-new-password">
              {password}
            </code>
          </>
        ),
        testId: 'console-password-dialog',
      });
    } catch {
      // the api wrapper showed why
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="btn btn--neutral-outline"
      disabled={disabled || busy}
      onClick={() => void reset()}
      data-testid="console-reset-password"
    >
      {t('console.users.resetAction')}
    </button>
  );
}
