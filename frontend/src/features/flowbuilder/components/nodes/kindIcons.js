import RocketLaunchOutlinedIcon from '@mui/icons-material/RocketLaunchOutlined';
import LibraryBooksOutlinedIcon from '@mui/icons-material/LibraryBooksOutlined';
import ListAltOutlinedIcon from '@mui/icons-material/ListAltOutlined';
import HelpCenterOutlinedIcon from '@mui/icons-material/HelpCenterOutlined';
import CallSplitIcon from '@mui/icons-material/CallSplit';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import ConfirmationNumberOutlinedIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import SmartToyOutlinedIcon from '@mui/icons-material/SmartToyOutlined';
import PsychologyOutlinedIcon from '@mui/icons-material/PsychologyOutlined';
import AltRouteIcon from '@mui/icons-material/AltRoute';
import MessageOutlinedIcon from '@mui/icons-material/MessageOutlined';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import MicNoneOutlinedIcon from '@mui/icons-material/MicNoneOutlined';
import VideocamOutlinedIcon from '@mui/icons-material/VideocamOutlined';

/** The icon and colour of each node kind (canvas header and speed-dial). */
const KIND_LOOK = {
  start: { Icon: RocketLaunchOutlinedIcon, color: '#3aba38' },
  singleBlock: { Icon: LibraryBooksOutlinedIcon, color: '#EC5858' },
  menu: { Icon: ListAltOutlinedIcon, color: '#683AC8' },
  question: { Icon: HelpCenterOutlinedIcon, color: '#F7953B' },
  randomizer: { Icon: CallSplitIcon, color: '#1FBADC' },
  interval: { Icon: AccessTimeIcon, color: '#F7953B' },
  ticket: { Icon: ConfirmationNumberOutlinedIcon, color: '#F7953B' },
  typebot: { Icon: SmartToyOutlinedIcon, color: '#3aba38' },
  openai: { Icon: PsychologyOutlinedIcon, color: '#3aba38' },
  condition: { Icon: AltRouteIcon, color: '#0872B9' },
  message: { Icon: MessageOutlinedIcon, color: '#6865A5' },
  img: { Icon: ImageOutlinedIcon, color: '#6865A5' },
  audio: { Icon: MicNoneOutlinedIcon, color: '#6865A5' },
  video: { Icon: VideocamOutlinedIcon, color: '#6865A5' },
};

export const lookOf = (type) => KIND_LOOK[type] || KIND_LOOK.message;
