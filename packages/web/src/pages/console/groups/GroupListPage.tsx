/** Groups: search by id or name (banned and dissolved included). */
import { useTranslation } from 'react-i18next';
import type { ConsoleGroup } from '@parley/protocol';
import { searchGroups } from '../../../console/groups';
import { Links } from '../../../routes/paths';
import { ConsoleHeader } from '../parts/ConsoleHeader';
import { Flags } from '../parts/Flags';
import { PersonRow } from '../parts/PersonRow';
import { SearchList } from '../parts/SearchList';
import { Sentence } from '../../../ui/Segments';

export default function GroupListPage() {
  const { t } = useTranslation();
  return (
    <div className="console-page" data-testid="console-groups">
      <ConsoleHeader title={t('console.sections.groups')} top />
      <SearchList<ConsoleGroup>
        fetch={searchGroups}
        placeholder={t('console.groups.search')}
        emptyText={t('console.groups.empty')}
        testId="console-groups"
        row={(g) => (
          <PersonRow
            key={g.id}
            to={Links.consoleGroup(g.id)}
            image={g.headImageThumb}
            name={g.name}
            line={
              <>
                #{g.id} · <Sentence k="console.groups.owner" values={{ name: g.ownerName }} /> ·{' '}
                {t('console.groups.members', { n: g.memberCount })}
              </>
            }
            flags={<Flags isBanned={g.isBanned} dissolve={g.dissolve} />}
            testId={`console-group-${g.id}`}
          />
        )}
      />
    </div>
  );
}
