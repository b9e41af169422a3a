/**
 * The console's frame: the section list and the open section. Two columns from 900 px;
 * on a phone the console home is the section list and each section fills the screen.
 */
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../app/session';
import { Paths } from '../../routes/paths';
import { EmptyState } from '../../ui/EmptyState';
import { NavBar } from '../../ui/NavBar';
import { ConsoleNav } from './ConsoleNav';
import './console.css';
import './console-forms.css';

export default function ConsoleLayout() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { pathname } = useLocation();
  // The server refuses every console call anyway; this only spares a useless screen.
  if (!user.isOperator) {
    return (
      <div className="page page--narrow">
        <NavBar title={t('console.title')} backTo={Paths.mine} />
        <EmptyState testId="console-refused" title={t('console.notOperator')} />
      </div>
    );
  }
  const home = pathname === Paths.console;
  return (
    <div className={home ? 'console console--home' : 'console'} data-testid="console">
      <aside className="console__nav">
        <NavBar title={t('console.title')} backTo={Paths.mine} />
        <ConsoleNav pathname={pathname} />
      </aside>
      <main className="console__main">
        <Outlet />
      </main>
    </div>
  );
}
