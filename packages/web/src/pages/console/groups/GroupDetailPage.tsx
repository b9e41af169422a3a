/** One group: facts and the actions ban (with a reason the members see) and unban. */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { banGroup, getGroup, unbanGroup } from '../../../console/groups';
import { Links, Paths } from '../../../routes/paths';
import { BanCard } from '../parts/BanCard';
import { DetailPage } from '../parts/DetailPage';
import { Flags } from '../parts/Flags';

export default function GroupDetailPage() {
  const { t } = useTranslation();
  return (
    <DetailPage
      title={t('console.groups.title')}
      backTo={Paths.consoleGroups}
      load={getGroup}
      missingText={t('errors.groupNotExist')}
      testId="console-group"
    >
      {(g, onChange) => (
        <BanCard
          record={g}
          name={g.name}
          sub={t('console.groups.members', { n: g.memberCount })}
          flags={<Flags isBanned={g.isBanned} dissolve={g.dissolve} />}
          facts={
            <>
              <dt>{t('console.facts.owner')}</dt>
              <dd>
                <Link to={Links.consoleUser(g.ownerId)}>{g.ownerName}</Link>
              </dd>
            </>
          }
          closed={g.dissolve}
          texts="console.groups"
          testId="console-group"
          ban={(reason) => banGroup(g.id, reason)}
          unban={() => unbanGroup(g.id)}
          onChange={onChange}
        />
      )}
    </DetailPage>
  );
}
