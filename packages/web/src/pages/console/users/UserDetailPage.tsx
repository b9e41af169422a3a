/** One user: profile facts and the actions ban (with a reason), unban, delete (confirmed), reset the password. */
import { useTranslation } from 'react-i18next';
import type { ConsoleUser } from '@parley/protocol';
import { useCurrentUser } from '../../../app/session';
import { banUser, deleteUser, getUser, unbanUser } from '../../../console/users';
import { Paths } from '../../../routes/paths';
import { confirmDialog } from '../../../ui/dialog';
import { BanCard, type RunAction } from '../parts/BanCard';
import { DetailPage } from '../parts/DetailPage';
import { Flags } from '../parts/Flags';
import { Sentence } from '../../../ui/Segments';
import { ResetPasswordButton } from './ResetPasswordButton';

export default function UserDetailPage() {
  const { t } = useTranslation();
  return (
    <DetailPage
      title={t('console.users.title')}
      backTo={Paths.consoleUsers}
      load={getUser}
      missingText={t('errors.userNotExist')}
      testId="console-user"
    >
      {(user, onChange) => <UserCard user={user} onChange={onChange} />}
    </DetailPage>
  );
}

function UserCard({ user: u, onChange }: { user: ConsoleUser; onChange: (u: ConsoleUser) => void }) {
  const { t } = useTranslation();
  const self = useCurrentUser();
  // The server refuses these too (operatorTarget); the buttons only say so sooner.
  const untouchable = u.id === self.id || u.isOperator;
  const remove = async (run: RunAction<ConsoleUser>) => {
    const ok = await confirmDialog({
      title: t('console.users.deleteTitle'),
      content: <Sentence k="console.users.deleteConfirm" values={{ name: u.nickName }} />,
      confirmText: t('console.actions.delete'),
      testId: 'console-delete-dialog',
    });
    if (ok) await run(() => deleteUser(u.id), t('console.users.deletedDone'));
  };
  return (
    <BanCard
      record={u}
      name={u.nickName}
      sub={u.userName}
      flags={<Flags isBanned={u.isBanned} deleted={u.deleted} isOperator={u.isOperator} type={u.type} />}
      closed={u.deleted}
      lockedNote={untouchable ? t('console.users.untouchable') : undefined}
      texts="console.users"
      testId="console-user"
      ban={(reason) => banUser(u.id, reason)}
      unban={() => unbanUser(u.id)}
      onChange={onChange}
      more={(run, disabled) => (
        <>
          <ResetPasswordButton id={u.id} name={u.nickName} disabled={disabled} />
          <button
            type="button"
            className="btn btn--danger-outline"
            disabled={disabled}
            onClick={() => void remove(run)}
            data-testid="console-delete"
          >
            {t('console.actions.delete')}
          </button>
        </>
      )}
    />
  );
}
