/**
 * The frame of the signed-in pages (pages/shell/AppLayout) once signed in; before that
 * the route renders bare: the language page is reachable signed out, and RequireAuth
 * below shows the start splash or sends the anonymous to login. What every signed-in
 * page needs lives here, not in RequireAuth: the tab shell shows a tab's list without
 * rendering its route's outlet, so RequireAuth is not mounted under a tab.
 */
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useSession } from '../app/session';
import { UnreadTitle } from '../app/UnreadTitle';
import { untilChatListShown } from '../chat';
import { AppLayout } from '../pages/shell/AppLayout';
import { preloadPages } from './lazyPage';

export function SignedInFrame() {
  const { status } = useSession();
  const ready = status === 'ready';
  useEffect(() => {
    // After the stored list is up: compiling ~100 chunks first would delay it.
    if (ready) void untilChatListShown().then(preloadPages);
  }, [ready]);
  if (!ready) return <Outlet />;
  return (
    <>
      <UnreadTitle />
      <AppLayout />
    </>
  );
}
