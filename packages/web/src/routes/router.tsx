/** Hash routes of spec §2 built so far; `/` is an alias of the messages tab. */
import { Navigate, createHashRouter } from 'react-router';
import { registerNavigator } from '../app/navigation';
import { consoleRoutes } from '../pages/console/consoleRoutes';
import { lazyPage } from './lazyPage';
import { installPaneHistory } from './paneNavigation';
import { Paths } from './paths';
import { RequireAuth } from './RequireAuth';
import { SignedInFrame } from './SignedInFrame';

const Login = lazyPage(() => import('../pages/login/LoginPage'));
const Register = lazyPage(() => import('../pages/register/RegisterPage'));
const ForgotPassword = lazyPage(() => import('../pages/login/ForgotPasswordPage'));
const ResetPassword = lazyPage(() => import('../pages/login/ResetPasswordPage'));
const MineEdit = lazyPage(() => import('../pages/mine/MineEditPage'));
const MinePassword = lazyPage(() => import('../pages/mine/MinePasswordPage'));
const Lang = lazyPage(() => import('../pages/lang/LangPage'));
const ExternalLink = lazyPage(() => import('../pages/common/ExternalLinkPage'));
const DiscoverExternalLink = lazyPage(() => import('../pages/common/DiscoverExternalLinkPage'));
const Agreement = lazyPage(() => import('../pages/common/AgreementPage'));
const Privacy = lazyPage(() => import('../pages/common/PrivacyPage'));
const FriendAdd = lazyPage(() => import('../pages/friend/FriendAddPage'));
const FriendRemark = lazyPage(() => import('../pages/friend/FriendRemarkPage'));
const FriendRequests = lazyPage(() => import('../pages/friend/NewFriendsPage'));
const UserInfo = lazyPage(() => import('../pages/common/UserInfoPage'));
const ChatSearch = lazyPage(() => import('../pages/search/ChatSearchPage'));
const ChatDetails = lazyPage(() => import('../pages/chat/details/ChatDetailsPage'));
const ChatShared = lazyPage(() => import('../pages/chat/details/ChatSharedPage'));
const Complaint = lazyPage(() => import('../pages/common/ComplaintPage'));
const ComplaintList = lazyPage(() => import('../pages/common/ComplaintListPage'));
const ComplaintInfo = lazyPage(() => import('../pages/common/ComplaintInfoPage'));
const Blacklist = lazyPage(() => import('../pages/mine/BlacklistPage'));
const Favourites = lazyPage(() => import('../pages/mine/favourites/FavouritesPage'));
const Devices = lazyPage(() => import('../pages/mine/devices/DevicesPage'));
const PrivacySettings = lazyPage(() => import('../pages/mine/PrivacySettingsPage'));
// The page most taps lead to: its chunk is fetched first once signed in.
const ChatBox = lazyPage(() => import('../pages/chat/box/ChatBoxPage'), { preloadFirst: true });
const GroupList = lazyPage(() => import('../pages/group/GroupListPage'));
const GroupInfo = lazyPage(() => import('../pages/group/GroupInfoPage'));
const GroupEdit = lazyPage(() => import('../pages/group/GroupEditPage'));
const GroupInvite = lazyPage(() => import('../pages/group/GroupInvitePage'));
const GroupMember = lazyPage(() => import('../pages/group/GroupMemberPage'));
const PrivateCall = lazyPage(() => import('../pages/chat/call/PrivateCallPage'));
const GroupCall = lazyPage(() => import('../pages/chat/call/GroupCallPage'));
const SystemChat = lazyPage(() => import('../pages/chat/system/SystemChatPage'));
const SystemContentPage = lazyPage(() => import('../pages/chat/system/SystemContentPage'));

export const router = createHashRouter([
  // reachable signed out
  { path: Paths.login, element: <Login /> },
  { path: Paths.register, element: <Register /> },
  { path: Paths.forgotPassword, element: <ForgotPassword /> },
  { path: Paths.resetPassword, element: <ResetPassword /> },
  { path: Paths.agreement, element: <Agreement /> },
  { path: Paths.privacy, element: <Privacy /> },
  { path: Paths.externalLink, element: <ExternalLink /> },
  {
    // One frame for every signed-in page: the tab shell (visited tab pages stay mounted,
    // scroll kept) and, from 900 px, the right pane beside it (pages/shell/AppLayout).
    // The language page is in it when signed in, so back finds the list and page it left.
    element: <SignedInFrame />,
    children: [
      { path: Paths.lang, element: <Lang /> },
      {
        element: <RequireAuth />,
        children: [
          ...[Paths.root, Paths.chat, Paths.friend, Paths.discover, Paths.mine].map((path) => ({
            path,
            element: null,
          })),
          { path: Paths.mineEdit, element: <MineEdit /> },
          { path: Paths.minePassword, element: <MinePassword /> },
          { path: Paths.discoverExternalLink, element: <DiscoverExternalLink /> },
          { path: Paths.friendAdd, element: <FriendAdd /> },
          { path: Paths.friendRemark, element: <FriendRemark /> },
          { path: Paths.friendRequests, element: <FriendRequests /> },
          { path: Paths.userInfo, element: <UserInfo /> },
          { path: Paths.complaint, element: <Complaint /> },
          { path: Paths.complaintList, element: <ComplaintList /> },
          { path: Paths.complaintInfo, element: <ComplaintInfo /> },
          { path: Paths.blacklist, element: <Blacklist /> },
          { path: Paths.mineFavourites, element: <Favourites /> },
          { path: Paths.mineDevices, element: <Devices /> },
          { path: Paths.minePrivacy, element: <PrivacySettings /> },
          { path: Paths.chatBox, element: <ChatBox /> },
          { path: Paths.chatSearch, element: <ChatSearch /> },
          { path: Paths.chatDetails, element: <ChatDetails /> },
          { path: Paths.chatShared, element: <ChatShared /> },
          { path: Paths.group, element: <GroupList /> },
          { path: Paths.groupInfo, element: <GroupInfo /> },
          { path: Paths.groupEdit, element: <GroupEdit /> },
          { path: Paths.groupInvite, element: <GroupInvite /> },
          { path: Paths.groupMember, element: <GroupMember /> },
          { path: Paths.chatPrivateVideo, element: <PrivateCall /> },
          { path: Paths.chatGroupVideo, element: <GroupCall /> },
          { path: Paths.chatSystem, element: <SystemChat /> },
          { path: Paths.chatSystemContent, element: <SystemContentPage /> },
          consoleRoutes,
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to={Paths.root} replace /> },
]);

installPaneHistory(router);
registerNavigator((to, options) => void router.navigate(to, options));
