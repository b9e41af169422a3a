/** /pages/group/group: my groups (reached from Contacts); a group opens its chat; create from the bar. */
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChatType, type Group } from '@parley/protocol';
import { sortGroups } from '../../groups/groupsReducer';
import { reloadGroups, useGroups } from '../../groups/groupsStore';
import { Links, Paths, chatBoxPath } from '../../routes/paths';
import { Avatar } from '../../ui/Avatar';
import { EmptyState } from '../../ui/EmptyState';
import { IconButton } from '../../ui/IconButton';
import { NavBar } from '../../ui/NavBar';
import { Spinner } from '../../ui/Spinner';
import './group.css';

export default function GroupListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { status, list } = useGroups();
  const groups = useMemo(() => sortGroups(list), [list]);

  const create = (
    <IconButton label={t('group.create')} testId="group-create" onClick={() => void navigate(Links.groupEdit())}>
      <path d="M12 5v14M5 12h14" />
    </IconButton>
  );

  let body;
  if (groups.length === 0 && (status === 'loading' || status === 'idle')) {
    body = (
      <div className="page-state">
        <Spinner />
      </div>
    );
  } else if (groups.length === 0 && status === 'error') {
    body = (
      <button type="button" className="page-state page-state--error" onClick={() => void reloadGroups()}>
        {t('group.loadFailed')}
      </button>
    );
  } else if (groups.length === 0) {
    body = <EmptyState testId="group-empty" title={t('group.emptyTitle')} text={t('group.emptyText')} />;
  } else {
    body = (
      <ul className="group-list" data-testid="group-list">
        {groups.map((g) => (
          <li key={g.id}>
            <GroupRow group={g} onOpen={() => void navigate(chatBoxPath(ChatType.GROUP, g.id))} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="page page--narrow">
      <NavBar title={t('group.title')} backTo={Paths.friend} end={create} />
      {body}
    </div>
  );
}

function GroupRow({ group, onOpen }: { group: Group; onOpen: () => void }) {
  const { t } = useTranslation();
  const note = group.dissolve ? t('group.dissolved') : group.quit ? t('group.left') : null;
  return (
    <button
      type="button"
      className={note ? 'group-row group-row--gone' : 'group-row'}
      onClick={onOpen}
      data-testid={`group-row-${group.id}`}
    >
      <Avatar
        src={group.headImageThumb || group.headImage}
        name={group.showGroupName}
        colourId={`g${group.id}`}
        size={44}
      />
      <span className="group-row__text">
        <span className="group-row__name" dir="auto">
          {group.showGroupName}
        </span>
        <span className="group-row__note">{note ?? t('group.memberCount', { count: group.memberCount })}</span>
      </span>
    </button>
  );
}
