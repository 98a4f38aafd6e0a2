import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import { isAdmin } from '../../../utils/permissions';

/** Drawer entries; each feature adds its own with the rule that shows it. */
const menuItems = [
  { to: '/tickets', labelKey: 'layout.menu.tickets', Icon: ForumOutlinedIcon, visible: () => true, testId: 'menu-tickets' },
  { to: '/users', labelKey: 'layout.menu.users', Icon: PeopleAltOutlinedIcon, visible: isAdmin, testId: 'menu-users' },
  { to: '/settings', labelKey: 'layout.menu.settings', Icon: SettingsOutlinedIcon, visible: isAdmin, testId: 'menu-settings' },
];

export default menuItems;
