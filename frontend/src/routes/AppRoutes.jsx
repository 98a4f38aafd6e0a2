import { Suspense, lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import PrivateRoute from './PrivateRoute';
import PublicRoute from './PublicRoute';
import Allowed from './Allowed';
import RequireAdmin from './RequireAdmin';
import { canSeeDashboard, canSeeMoments } from '../utils/permissions';
import LoginPage from '../features/auth/pages/LoginPage';
import SignupPage from '../features/auth/pages/SignupPage';
import ForgotPasswordPage from '../features/auth/pages/ForgotPasswordPage';
import SubscriptionExpiredPage from '../features/auth/pages/SubscriptionExpiredPage';
import LoggedInLayout from '../features/layout/components/LoggedInLayout';
import MomentsPage from '../features/dashboard/pages/MomentsPage';
import TicketsPage from '../features/tickets/pages/TicketsPage';
import UsersPage from '../features/users/pages/UsersPage';
import SettingsPage from '../features/settings/pages/SettingsPage';
import ContactsPage from '../features/contacts/pages/ContactsPage';
import TagsPage from '../features/tags/pages/TagsPage';
import QueuesPage from '../features/queues/pages/QueuesPage';
import QuickMessagesPage from '../features/quickMessages/pages/QuickMessagesPage';
import ConnectionsPage from '../features/connections/pages/ConnectionsPage';
import RequireConnections from '../features/connections/components/RequireConnections';
import SimulatePage from '../features/sandbox/pages/SimulatePage';
import AllConnectionsPage from '../features/connections/pages/AllConnectionsPage';
import MessagesApiPage from '../features/messagesApi/pages/MessagesApiPage';
import ContactListsPage from '../features/contactLists/pages/ContactListsPage';
import ContactListItemsPage from '../features/contactLists/pages/ContactListItemsPage';
import RequireCampaigns from '../features/contactLists/components/RequireCampaigns';
import RequirePrompts from '../features/prompts/components/RequirePrompts';
import LoadingScreen from '../components/LoadingScreen';
import RequireInternalChat from '../features/chats/components/RequireInternalChat';
import InvoicesPage from '../features/billing/pages/InvoicesPage';
import SubscriptionPage from '../features/billing/pages/SubscriptionPage';
import CampaignsRoute from '../features/campaigns/components/CampaignsRoute';
import { kanbanAllowed } from '../features/kanban/api/kanbanApi';
import RequireSuper from './RequireSuper';
import HelpsPage from '../features/helps/pages/HelpsPage';
import AnnouncementsPage from '../features/announcements/pages/AnnouncementsPage';

// The calendar (FullCalendar) loads only on its page.
const SchedulesPage = lazy(() => import('../features/schedules/pages/SchedulesPage'));
const ContactImportPage = lazy(() => import('../features/contactImport/pages/ContactImportPage'));
// The operator's pages load only for them.
const CompaniesPage = lazy(() => import('../features/companies/pages/CompaniesPage'));

// Campaign pages load on first visit (the report's chart library stays out of the inbox).
const CampaignsPage = lazy(() => import('../features/campaigns/pages/CampaignsPage'));
const CampaignReportPage = lazy(() => import('../features/campaigns/pages/CampaignReportPage'));
const CampaignSettingsPage = lazy(() => import('../features/campaigns/pages/CampaignSettingsPage'));
// So do the internal chat and the to-do list (the main bundle is past its size warning).
const ChatsPage = lazy(() => import('../features/chats/pages/ChatsPage'));
const TodoListPage = lazy(() => import('../features/todo/pages/TodoListPage'));

const kanbanLanesAllowed = (user) => kanbanAllowed(user) && canSeeDashboard(user);

const ReportsPage = lazy(() => import('../features/reports/pages/ReportsPage'));
const KanbanPage = lazy(() => import('../features/kanban/pages/KanbanPage'));
const TagsKanbanPage = lazy(() => import('../features/kanban/pages/TagsKanbanPage'));
// The flow canvas (@xyflow/react) loads only with the flow pages.
const FlowBuildersPage = lazy(() => import('../features/flowbuilder/pages/FlowBuildersPage'));
const FlowEditorPage = lazy(() => import('../features/flowbuilder/pages/FlowEditorPage'));
const PhraseListsPage = lazy(() => import('../features/phraseCampaigns/pages/PhraseListsPage'));
const page = (element) => <Suspense fallback={<LoadingScreen />}>{element}</Suspense>;
// The dashboard's charts (MUI X Charts) load only on the dashboard.
const DashboardPage = lazy(() => import('../features/dashboard/pages/DashboardPage'));
const IntegrationsPage = lazy(() => import('../features/integrations/pages/IntegrationsPage'));
// AI prompts and file lists (issue 14) load on first visit.
const PromptsPage = lazy(() => import('../features/prompts/pages/PromptsPage'));
const FileListsPage = lazy(() => import('../features/files/pages/FileListsPage'));

export default function AppRoutes() {
  return (
    <Routes>
      <Route element={<PublicRoute />}>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/signup" element={<SignupPage />} />
        <Route path="/forgetpsw" element={<ForgotPasswordPage />} />
      </Route>
      <Route path="/financeiro-aberto" element={<SubscriptionExpiredPage />} />
      <Route element={<PrivateRoute />}>
        <Route element={<LoggedInLayout />}>
          <Route index element={<Allowed when={canSeeDashboard}><Suspense fallback={<LoadingScreen />}><DashboardPage /></Suspense></Allowed>} />
          <Route path="moments" element={<Allowed when={canSeeMoments}><MomentsPage /></Allowed>} />
          <Route path="tickets/:ticketId?" element={<TicketsPage />} />
          <Route path="users" element={<RequireAdmin><UsersPage /></RequireAdmin>} />
          <Route path="settings" element={<RequireAdmin><SettingsPage /></RequireAdmin>} />
          <Route path="contacts" element={<ContactsPage />} />
          <Route path="contacts/import" element={<Suspense fallback={<LoadingScreen />}><ContactImportPage /></Suspense>} />
          <Route path="tags" element={<TagsPage />} />
          <Route path="queues" element={<RequireAdmin><QueuesPage /></RequireAdmin>} />
          <Route path="quick-messages" element={<QuickMessagesPage />} />
          <Route path="connections" element={<RequireConnections><ConnectionsPage /></RequireConnections>} />
          <Route path="connections/:connectionId/simulate" element={<SimulatePage />} />
          <Route path="allConnections" element={<AllConnectionsPage />} />
          <Route path="companies" element={<Suspense fallback={<LoadingScreen />}><CompaniesPage /></Suspense>} />
          <Route path="messages-api" element={<MessagesApiPage />} />
          <Route path="contact-lists" element={<RequireCampaigns><ContactListsPage /></RequireCampaigns>} />
          <Route path="prompts" element={<RequirePrompts>{page(<PromptsPage />)}</RequirePrompts>} />
          <Route path="files" element={<RequireAdmin>{page(<FileListsPage />)}</RequireAdmin>} />
          <Route path="contact-lists/:contactListId/contacts" element={<RequireCampaigns><ContactListItemsPage /></RequireCampaigns>} />
          <Route path="financeiro" element={<RequireAdmin><InvoicesPage /></RequireAdmin>} />
          <Route path="subscription" element={<RequireAdmin><SubscriptionPage /></RequireAdmin>} />
          <Route path="schedules" element={<Suspense fallback={<LoadingScreen />}><SchedulesPage /></Suspense>} />
          <Route path="campaigns" element={<CampaignsRoute>{page(<CampaignsPage />)}</CampaignsRoute>} />
          <Route path="campaign/:campaignId/report" element={<CampaignsRoute>{page(<CampaignReportPage />)}</CampaignsRoute>} />
          <Route path="campaigns-config" element={<CampaignsRoute>{page(<CampaignSettingsPage />)}</CampaignsRoute>} />
          <Route path="chats/:chatId?" element={<RequireInternalChat><Suspense fallback={<LoadingScreen />}><ChatsPage /></Suspense></RequireInternalChat>} />
          <Route path="todolist" element={<Suspense fallback={<LoadingScreen />}><TodoListPage /></Suspense>} />
          <Route path="reports" element={<Allowed when={canSeeDashboard}>{page(<ReportsPage />)}</Allowed>} />
          <Route path="Kanban" element={<Allowed when={kanbanAllowed}>{page(<KanbanPage />)}</Allowed>} />
          <Route path="TagsKanban" element={<Allowed when={kanbanLanesAllowed}>{page(<TagsKanbanPage />)}</Allowed>} />
          <Route path="helps" element={<HelpsPage />} />
          <Route path="queue-integration" element={page(<IntegrationsPage />)} />
          <Route path="announcements" element={<RequireSuper><AnnouncementsPage /></RequireSuper>} />
          <Route path="flowbuilders" element={<RequireAdmin>{page(<FlowBuildersPage />)}</RequireAdmin>} />
          <Route path="flowbuilder/:id" element={<RequireAdmin>{page(<FlowEditorPage />)}</RequireAdmin>} />
          <Route path="phrase-lists" element={<RequireAdmin>{page(<PhraseListsPage />)}</RequireAdmin>} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
      </Route>
    </Routes>
  );
}
