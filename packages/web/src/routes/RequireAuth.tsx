/** Guard for signed-in pages: waits for app start, sends the anonymous to login. */
import { Navigate, Outlet } from 'react-router';
import { useSession } from '../app/session';
import { Spinner } from '../ui/Spinner';
import { Paths } from './paths';

export function RequireAuth() {
  const { status } = useSession();
  if (status === 'starting') {
    return (
      <div className="splash" data-testid="app-starting">
        <Spinner />
      </div>
    );
  }
  if (status === 'anonymous') return <Navigate to={Paths.login} replace />;
  return <Outlet />;
}
