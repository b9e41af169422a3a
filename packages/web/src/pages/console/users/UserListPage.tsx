/** Users: search by id, user name or nickname (banned and deleted included). */
import { useTranslation } from 'react-i18next';
import type { ConsoleUser } from '@parley/protocol';
import { searchUsers } from '../../../console/users';
import { Links } from '../../../routes/paths';
import { ConsoleHeader } from '../parts/ConsoleHeader';
import { Flags } from '../parts/Flags';
import { PersonRow } from '../parts/PersonRow';
import { SearchList } from '../parts/SearchList';

export default function UserListPage() {
  const { t } = useTranslation();
  return (
    <div className="console-page" data-testid="console-users">
      <ConsoleHeader title={t('console.sections.users')} top />
      <SearchList<ConsoleUser>
        fetch={searchUsers}
        placeholder={t('console.users.search')}
        emptyText={t('console.users.empty')}
        testId="console-users"
        row={(u) => (
          <PersonRow
            key={u.id}
            to={Links.consoleUser(u.id)}
            image={u.headImageThumb}
            name={u.nickName}
            line={
              <>
                #{u.id} · {u.userName} · {t('console.users.complaintCount', { n: u.complaintCount })}
              </>
            }
            flags={<Flags isBanned={u.isBanned} deleted={u.deleted} isOperator={u.isOperator} type={u.type} />}
            testId={`console-user-${u.id}`}
          />
        )}
      />
    </div>
  );
}
