import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import ContactPhoneOutlinedIcon from '@mui/icons-material/ContactPhoneOutlined';
import SyncAltIcon from '@mui/icons-material/SyncAlt';
import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import FlashOnOutlinedIcon from '@mui/icons-material/FlashOnOutlined';
import PhonelinkSetupOutlinedIcon from '@mui/icons-material/PhonelinkSetupOutlined';
import CodeOutlinedIcon from '@mui/icons-material/CodeOutlined';
import ListAltOutlinedIcon from '@mui/icons-material/ListAltOutlined';
import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import QuestionAnswerOutlinedIcon from '@mui/icons-material/QuestionAnswerOutlined';
import ChecklistOutlinedIcon from '@mui/icons-material/ChecklistOutlined';
import AttachMoneyIcon from '@mui/icons-material/AttachMoney';
import CardMembershipOutlinedIcon from '@mui/icons-material/CardMembershipOutlined';
import ViewKanbanOutlinedIcon from '@mui/icons-material/ViewKanbanOutlined';
import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import { kanbanAllowed } from '../../kanban/api/kanbanApi';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import GridViewOutlinedIcon from '@mui/icons-material/GridViewOutlined';
import { canSeeDashboard, canSeeMoments, isAdmin, isSuper } from '../../../utils/permissions';
import { canManageConnections } from '../../connections/api/connectionRules';
import ConnectionsBadge from '../../connections/components/ConnectionsBadge';
import { externalApiAllowed } from '../../messagesApi/api/access';
import { canManageContactLists } from '../../contactLists/api/access';
import { schedulesAllowed } from '../../schedules/api/access';
import SmartToyOutlinedIcon from '@mui/icons-material/SmartToyOutlined';
import AttachFileOutlinedIcon from '@mui/icons-material/AttachFileOutlined';
import { canManagePrompts } from '../../prompts/api/promptForm';
import TuneOutlinedIcon from '@mui/icons-material/TuneOutlined';
import { campaignsAllowed } from '../../campaigns/api/campaignRules';
import CampaignsGate from '../../campaigns/components/CampaignsGate';
import { internalChatAllowed } from '../../chats/api/access';
import SchemaOutlinedIcon from '@mui/icons-material/SchemaOutlined';
import ChatOutlinedIcon from '@mui/icons-material/ChatOutlined';
import DeviceHubOutlinedIcon from '@mui/icons-material/DeviceHubOutlined';
import { integrationsAllowed } from '../../integrations/api/integrationsApi';

const integrationsMenu = (user) => isAdmin(user) && integrationsAllowed(user);

const everyone = () => true;

/**
 * Drawer entries; each feature adds its own with the rule that shows it. Badge (optional)
 * wraps the icon, e.g. a dot while something needs attention; Gate (optional) wraps the entry
 * and may hide it by what a hook reads (the campaigns area: plan flag and campaignsEnabled).
 */
const menuItems = [
  { to: '/', labelKey: 'layout.menu.dashboard', Icon: DashboardOutlinedIcon, visible: canSeeDashboard, testId: 'menu-dashboard' },
  { to: '/tickets', labelKey: 'layout.menu.tickets', Icon: ForumOutlinedIcon, visible: everyone, testId: 'menu-tickets' },
  { to: '/moments', labelKey: 'layout.menu.moments', Icon: GridViewOutlinedIcon, visible: canSeeMoments, testId: 'menu-moments' },
  { to: '/contacts', labelKey: 'layout.menu.contacts', Icon: ContactPhoneOutlinedIcon, visible: everyone, testId: 'menu-contacts' },
  { to: '/quick-messages', labelKey: 'layout.menu.quickMessages', Icon: FlashOnOutlinedIcon, visible: everyone, testId: 'menu-quick-messages' },
  { to: '/schedules', labelKey: 'layout.menu.schedules', Icon: EventOutlinedIcon, visible: schedulesAllowed, testId: 'menu-schedules' },
  { to: '/chats', labelKey: 'layout.menu.chats', Icon: QuestionAnswerOutlinedIcon, visible: internalChatAllowed, testId: 'menu-chats' },
  { to: '/todolist', labelKey: 'layout.menu.todo', Icon: ChecklistOutlinedIcon, visible: everyone, testId: 'menu-todo' },
  { to: '/Kanban', labelKey: 'layout.menu.kanban', Icon: ViewKanbanOutlinedIcon, visible: kanbanAllowed, testId: 'menu-kanban' },
  { to: '/reports', labelKey: 'layout.menu.reports', Icon: AssessmentOutlinedIcon, visible: canSeeDashboard, testId: 'menu-reports' },
  { to: '/tags', labelKey: 'layout.menu.tags', Icon: LocalOfferOutlinedIcon, visible: everyone, testId: 'menu-tags' },
  {
    to: '/connections', labelKey: 'layout.menu.connections', Icon: SyncAltIcon, visible: canManageConnections, testId: 'menu-connections',
    Badge: ConnectionsBadge,
  },
  {
    to: '/allConnections', labelKey: 'layout.menu.allConnections', Icon: PhonelinkSetupOutlinedIcon, visible: isSuper, testId: 'menu-all-connections',
  },
  { to: '/companies', labelKey: 'layout.menu.companies', Icon: BusinessOutlinedIcon, visible: isSuper, testId: 'menu-companies' },
  {
    to: '/contact-lists', labelKey: 'layout.menu.contactLists', Icon: ListAltOutlinedIcon, visible: canManageContactLists, testId: 'menu-contact-lists',
    Gate: CampaignsGate,
  },
  { to: '/messages-api', labelKey: 'layout.menu.messagesApi', Icon: CodeOutlinedIcon, visible: externalApiAllowed, testId: 'menu-messages-api' },
  { to: '/campaigns', labelKey: 'campaigns.menu.campaigns', Icon: CampaignOutlinedIcon, visible: campaignsAllowed, Gate: CampaignsGate, testId: 'menu-campaigns' },
  {
    to: '/campaigns-config', labelKey: 'campaigns.menu.config', Icon: TuneOutlinedIcon, visible: campaignsAllowed, Gate: CampaignsGate,
    testId: 'menu-campaigns-config',
  },
  { to: '/flowbuilders', labelKey: 'flowbuilder.menu', Icon: SchemaOutlinedIcon, visible: isAdmin, testId: 'menu-flowbuilders' },
  { to: '/phrase-lists', labelKey: 'phraseCampaigns.menu', Icon: ChatOutlinedIcon, visible: isAdmin, testId: 'menu-phrase-lists' },
  { to: '/prompts', labelKey: 'layout.menu.prompts', Icon: SmartToyOutlinedIcon, visible: canManagePrompts, testId: 'menu-prompts' },
  { to: '/files', labelKey: 'layout.menu.files', Icon: AttachFileOutlinedIcon, visible: isAdmin, testId: 'menu-files' },
  { to: '/queues', labelKey: 'layout.menu.queues', Icon: AccountTreeOutlinedIcon, visible: isAdmin, testId: 'menu-queues' },
  {
    to: '/queue-integration', labelKey: 'layout.menu.integrations', Icon: DeviceHubOutlinedIcon, visible: integrationsMenu,
    testId: 'menu-integrations',
  },
  { to: '/users', labelKey: 'layout.menu.users', Icon: PeopleAltOutlinedIcon, visible: isAdmin, testId: 'menu-users' },
  { to: '/settings', labelKey: 'layout.menu.settings', Icon: SettingsOutlinedIcon, visible: isAdmin, testId: 'menu-settings' },
  { to: '/financeiro', labelKey: 'layout.menu.invoices', Icon: AttachMoneyIcon, visible: isAdmin, testId: 'menu-invoices' },
  { to: '/subscription', labelKey: 'layout.menu.subscription', Icon: CardMembershipOutlinedIcon, visible: isAdmin, testId: 'menu-subscription' },
  { to: '/announcements', labelKey: 'layout.menu.announcements', Icon: CampaignOutlinedIcon, visible: isSuper, testId: 'menu-announcements' },
  { to: '/helps', labelKey: 'layout.menu.helps', Icon: HelpOutlineIcon, visible: everyone, testId: 'menu-helps' },
];

export default menuItems;
