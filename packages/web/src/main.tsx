import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { installSessionHandlers, startApp } from './app/session';
import { registerServiceWorker } from './app/serviceWorker';
import { installCalls } from './calls/signals';
import { installChats } from './chat';
import { installFriends } from './contacts/friendsStore';
import { installGroupMembers } from './groups/members';
import { installGroups } from './groups/groupsStore';
import { initI18n } from './i18n';
import { installSystem } from './system';
import { installDropGuard } from './ui/dropGuard';
import './styles/global.css';

await initI18n();
installSessionHandlers();
installFriends();
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
