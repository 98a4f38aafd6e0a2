import { useState } from 'react';
import { Button, CircularProgress } from '@mui/material';
import FacebookIcon from '@mui/icons-material/Facebook';
import InstagramIcon from '@mui/icons-material/Instagram';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../services/toast';
import toastError from '../../../utils/toastError';
import { linkFacebook } from '../api/connectionsApi';
import { facebookAppId, facebookLogin, loadFacebookSdk } from '../api/facebookLogin';

/**
 * Adds Facebook (and with addInstagram, Instagram) connections: Facebook login in a popup,
 * then POST /facebook with the user id and token; the server creates one connection per page.
 */
export default function FacebookButton({ addInstagram = false, onLinked }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const Icon = addInstagram ? InstagramIcon : FacebookIcon;

  const connect = async () => {
    const appId = facebookAppId();
    if (!appId) {
      toast.error(t('connections.facebook.notConfigured'));
      return;
    }
    setBusy(true);
    try {
      const FB = await loadFacebookSdk(appId);
      const login = await facebookLogin(FB, addInstagram);
      if (!login) return;
      await linkFacebook({ ...login, addInstagram });
      toast.success(t('connections.facebook.linked'));
      onLinked?.();
    } catch (error) {
      if (error?.message === 'facebook-sdk') toast.error(t('connections.facebook.sdkFailed'));
      else toastError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button variant="outlined" onClick={connect} disabled={busy} startIcon={busy ? <CircularProgress size={16} /> : <Icon />}
      data-testid={addInstagram ? 'connections-add-instagram' : 'connections-add-facebook'}>
      {addInstagram ? t('connections.facebook.instagram') : t('connections.facebook.facebook')}
    </Button>
  );
}
