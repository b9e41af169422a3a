/** /pages/mine/blacklist: the people I blocked; unblock after a confirmation. */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { BlacklistEntry } from '@parley/protocol';
import { unblockUser } from '../../contacts/actions';
import { loadBlocklist, useBlocklist } from '../../contacts/blocklist';
import { Links, Paths } from '../../routes/paths';
import { Avatar } from '../../ui/Avatar';
import { confirmDialog } from '../../ui/dialog';
import { EmptyState } from '../../ui/EmptyState';
import { NavBar } from '../../ui/NavBar';
import { Spinner } from '../../ui/Spinner';
import { showToast } from '../../ui/toast';
import './blacklist.css';
import '../../ui/person-row.css';
import { Isolated, NAME_SLOT } from '../../ui/Isolated';

export default function BlacklistPage() {
  const { t } = useTranslation();
  const { status, list } = useBlocklist();
  useEffect(() => {
    void loadBlocklist();
  }, []);

  let body;
  if (list.length > 0) {
    body = (
      <div className="cell-group" data-testid="blacklist">
        {list.map((entry) => (
          <BlacklistRow key={entry.toUserId} entry={entry} />
        ))}
      </div>
    );
  } else if (status === 'ready') {
    body = <EmptyState testId="blacklist-empty" title={t('blacklist.emptyTitle')} text={t('blacklist.emptyText')} />;
  } else if (status === 'error') {
    body = (
      <button type="button" className="page-state page-state--error" onClick={() => void loadBlocklist()}>
        {t('blacklist.loadFailed')}
      </button>
    );
  } else {
    body = (
      <div className="page-state">
        <Spinner />
      </div>
    );
  }

  return (
    <div className="page page--narrow">
      <NavBar title={t('blacklist.title')} backTo={Paths.mine} />
      {body}
    </div>
  );
}

function BlacklistRow({ entry }: { entry: BlacklistEntry }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const name = entry.nickName || entry.userName;

  const unblock = async () => {
    const ok = await confirmDialog({
      content: <Isolated text={t('userInfo.unblockConfirm', { name: NAME_SLOT })} values={[name]} />,
      confirmText: t('userInfo.unblock'),
      testId: 'unblock-dialog',
    });
    if (!ok) return;
    setBusy(true);
    try {
      await unblockUser(entry.toUserId);
      showToast(t('userInfo.unblocked'));
    } catch {
      setBusy(false); // the wrapper showed why
    }
  };

  return (
    <div className="person-row" data-testid={`blacklist-row-${entry.toUserId}`}>
      <button type="button" className="person-row__open" onClick={() => void navigate(Links.userInfo(entry.toUserId))}>
        <Avatar src={entry.headImageThumb} name={name} colourId={entry.toUserId} size={44} />
        <span className="person-row__text">
          <span className="person-row__name" dir="auto">
            {name}
          </span>
          <span className="person-row__account">{entry.userName}</span>
        </span>
      </button>
      <button
        type="button"
        className="blacklist-row__remove"
        onClick={() => void unblock()}
        disabled={busy}
        data-testid={`blacklist-remove-${entry.toUserId}`}
      >
        {t('userInfo.unblock')}
      </button>
    </div>
  );
}
