/** The section list: a menu on the console home (phone) and the left column (desktop). */
import { useEffect, useState } from 'react';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ComplaintStatus } from '@parley/protocol';
import { listComplaints } from '../../console/complaints';
import { SectionIcon } from './SectionIcon';
import { SECTIONS, sectionOf } from './sections';

export function ConsoleNav({ pathname }: { pathname: string }) {
  const { t } = useTranslation();
  const active = sectionOf(pathname);
  const pending = usePendingCount(pathname);
  return (
    <nav className="console-nav" aria-label={t('console.title')}>
      {SECTIONS.map((s) => (
        <NavLink
          key={s.key}
          to={s.path}
          className={s.key === active ? 'console-nav__item console-nav__item--active' : 'console-nav__item'}
          aria-current={s.key === active ? 'page' : undefined}
          data-testid={`console-nav-${s.key}`}
        >
          <SectionIcon section={s.key} />
          <span className="console-nav__label">{t(`console.sections.${s.key}`)}</span>
          {s.key === 'complaints' && pending > 0 && (
            <span className="console-nav__badge" data-testid="console-pending-count">
              {pending > 99 ? '99+' : pending}
            </span>
          )}
        </NavLink>
      ))}
    </nav>
  );
}

/** Pending complaints, refreshed on every console navigation (a decision lowers it). */
function usePendingCount(pathname: string): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    let alive = true;
    listComplaints(ComplaintStatus.PENDING, 1).then(
      (page) => alive && setCount(page.total),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [pathname]);
  return count;
}
