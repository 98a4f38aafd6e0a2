import { Tooltip } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CancelIcon from '@mui/icons-material/Cancel';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import { useTranslation } from 'react-i18next';
import { whatsappMark } from '../api/contactListForm';

const ICONS = {
  valid: <CheckCircleIcon fontSize="small" color="success" />,
  invalid: <CancelIcon fontSize="small" color="error" />,
  unchecked: <HelpOutlineIcon fontSize="small" color="disabled" />,
};

/** Whether an item's number has WhatsApp: valid, invalid or not checked yet. */
export default function WhatsappMark({ item }) {
  const { t } = useTranslation();
  const mark = whatsappMark(item);
  return (
    <Tooltip title={t(`contactLists.items.whatsapp.${mark}`)}>
      <span data-testid="contact-list-item-whatsapp" data-mark={mark} aria-label={t(`contactLists.items.whatsapp.${mark}`)}>
        {ICONS[mark]}
      </span>
    </Tooltip>
  );
}
