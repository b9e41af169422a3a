/** Guard for signed-in pages: waits for app start, sends the anonymous to login. */
import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useSession } from '../app/session';
import { UnreadTitle } from '../app/UnreadTitle';
import { untilChatListShown } from '../chat';
import { Spinner } from '../ui/Spinner';
import { preloadPages } from './lazyPage';
import { Paths } from './paths';

export function RequireAuth() {
  const { status } = useSession();
  const signedIn = status !== 'starting' && status !== 'anonymous';
  useEffect(() => {
    // After the stored list is up: compiling ~100 chunks first would delay it.
    if (signedIn) void untilChatListShown().then(preloadPages);
  }, [signedIn]);
  if (status === 'starting') {
    return (
      <div className="splash" data-testid="app-starting">
        <Spinner />
      </div>
    );
  }
  if (status === 'anonymous') return <Navigate to={Paths.login} replace />;
  return (
    <>
      <UnreadTitle />
      <Outlet />
    </>
  );
}
