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
import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import GridViewOutlinedIcon from '@mui/icons-material/GridViewOutlined';
import { canSeeDashboard, canSeeMoments, isAdmin, isSuper } from '../../../utils/permissions';
import { canManageConnections } from '../../connections/api/connectionRules';
import ConnectionsBadge from '../../connections/components/ConnectionsBadge';
import { externalApiAllowed } from '../../messagesApi/api/access';
import { canManageContactLists } from '../../contactLists/api/access';
import CampaignsGate from '../../contactLists/components/CampaignsGate';
import { schedulesAllowed } from '../../schedules/api/access';

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
  { to: '/tags', labelKey: 'layout.menu.tags', Icon: LocalOfferOutlinedIcon, visible: everyone, testId: 'menu-tags' },
  {
    to: '/connections', labelKey: 'layout.menu.connections', Icon: SyncAltIcon, visible: canManageConnections, testId: 'menu-connections',
    Badge: ConnectionsBadge,
  },
  {
    to: '/allConnections', labelKey: 'layout.menu.allConnections', Icon: PhonelinkSetupOutlinedIcon, visible: isSuper, testId: 'menu-all-connections',
  },
  {
    to: '/contact-lists', labelKey: 'layout.menu.contactLists', Icon: ListAltOutlinedIcon, visible: canManageContactLists, testId: 'menu-contact-lists',
    Gate: CampaignsGate,
  },
  { to: '/messages-api', labelKey: 'layout.menu.messagesApi', Icon: CodeOutlinedIcon, visible: externalApiAllowed, testId: 'menu-messages-api' },
  { to: '/queues', labelKey: 'layout.menu.queues', Icon: AccountTreeOutlinedIcon, visible: isAdmin, testId: 'menu-queues' },
  { to: '/users', labelKey: 'layout.menu.users', Icon: PeopleAltOutlinedIcon, visible: isAdmin, testId: 'menu-users' },
  { to: '/settings', labelKey: 'layout.menu.settings', Icon: SettingsOutlinedIcon, visible: isAdmin, testId: 'menu-settings' },
];

export default menuItems;
