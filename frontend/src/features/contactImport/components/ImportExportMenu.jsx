import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Menu, MenuItem } from '@mui/material';
import ImportExportIcon from '@mui/icons-material/ImportExport';
import { useTranslation } from 'react-i18next';
import toastError from '../../../utils/toastError';
import PhoneImportDialog from './PhoneImportDialog';

/** The contacts page's Import/Export menu (spec/2): import from the phone, import a spreadsheet, export. */
export default function ImportExportMenu({ onExport }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState(null);
  const [phone, setPhone] = useState(false);
  const pick = (action) => () => { setAnchor(null); action(); };
  return (
    <>
      <Button variant="outlined" startIcon={<ImportExportIcon />} onClick={(e) => setAnchor(e.currentTarget)} data-testid="contacts-import-export">
        {t('contactImport.menu')}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem onClick={pick(() => setPhone(true))} data-testid="contacts-import-phone">{t('contactImport.fromPhone')}</MenuItem>
        <MenuItem onClick={pick(() => navigate('/contacts/import'))} data-testid="contacts-import-sheet">{t('contactImport.fromSheet')}</MenuItem>
        <MenuItem onClick={pick(() => Promise.resolve(onExport()).catch(toastError))} data-testid="contacts-export-sheet">{t('contactImport.toSheet')}</MenuItem>
      </Menu>
      <PhoneImportDialog open={phone} onClose={() => setPhone(false)} />
    </>
  );
}
