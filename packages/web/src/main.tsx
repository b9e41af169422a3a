import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { installSessionHandlers, startApp } from './app/session';
import { registerServiceWorker } from './app/serviceWorker';
import { installCalls } from './calls/signals';
import { installChats } from './chat';
import { installFriends } from './contacts/friendsStore';
import { installFriendRequests } from './contacts/requests';
import { installGroupMembers } from './groups/members';
import { installGroups } from './groups/groupsStore';
import { initI18n } from './i18n';
import { installSystem } from './system';
import { installDropGuard } from './ui/dropGuard';
import { preloadHomeList } from './pages/shell/preloadHome';
import './styles/global.css';

// The list the first screen shows loads beside the language, not after it.
const home = preloadHomeList();
await initI18n();
await home;
installSessionHandlers();
installFriends();
installFriendRequests();
installGroups();
installGroupMembers();
installChats();
installSystem();
installCalls();
installDropGuard();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
void startApp();
registerServiceWorker();
