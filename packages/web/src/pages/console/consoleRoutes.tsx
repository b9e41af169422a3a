/** The console's routes (one entry in the router): a layout with the section pages inside. */
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../routes/lazyPage';
import { Paths } from '../../routes/paths';

const Layout = lazyPage(() => import('./ConsoleLayout'));
const Home = lazyPage(() => import('./ConsoleHome'));
const Complaints = lazyPage(() => import('./complaints/ComplaintQueuePage'));
const Complaint = lazyPage(() => import('./complaints/ComplaintDetailPage'));
const Users = lazyPage(() => import('./users/UserListPage'));
const User = lazyPage(() => import('./users/UserDetailPage'));
const Groups = lazyPage(() => import('./groups/GroupListPage'));
const Group = lazyPage(() => import('./groups/GroupDetailPage'));
const System = lazyPage(() => import('./system/SystemSendPage'));
const Discover = lazyPage(() => import('./discover/DiscoverAdminPage'));
const Audit = lazyPage(() => import('./audit/AuditPage'));

export const consoleRoutes: RouteObject = {
  element: <Layout />,
  children: [
    { path: Paths.console, element: <Home /> },
    { path: Paths.consoleComplaints, element: <Complaints /> },
    { path: Paths.consoleComplaint, element: <Complaint /> },
    { path: Paths.consoleUsers, element: <Users /> },
    { path: Paths.consoleUser, element: <User /> },
    { path: Paths.consoleGroups, element: <Groups /> },
    { path: Paths.consoleGroup, element: <Group /> },
    { path: Paths.consoleSystem, element: <System /> },
    { path: Paths.consoleDiscover, element: <Discover /> },
    { path: Paths.consoleAudit, element: <Audit /> },
  ],
};
