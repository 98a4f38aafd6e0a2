import { IconButton, InputAdornment, TextField, Tooltip } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../services/toast';
import { copyText } from '../../../utils/clipboard';

/** Read-only connection token with copy and regenerate (the new token is issued on save). */
export default function TokenField({ token, creating, regenerate, onRegenerate }) {
  const { t } = useTranslation();
  let helper = t('connections.modal.tokenHelp');
  if (creating) helper = t('connections.modal.tokenOnCreate');
  else if (regenerate) helper = t('connections.modal.tokenOnSave');
  const value = creating || regenerate ? '' : token;

  const copy = async () => {
    if (await copyText(value)) toast.success(t('connections.modal.tokenCopied'));
    else toast.error(t('connections.modal.tokenCopyFailed'));
  };

  return (
    <TextField
      label={t('connections.modal.token')}
      value={value || ''}
      fullWidth
      helperText={helper}
      slotProps={{
        htmlInput: { readOnly: true, 'data-testid': 'connection-token', style: { fontFamily: 'monospace' } },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={t('connections.modal.copyToken')}>
                <span>
                  <IconButton onClick={copy} disabled={!value} aria-label={t('connections.modal.copyToken')} data-testid="connection-token-copy">
                    <ContentCopyIcon />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title={t('connections.modal.regenerateToken')}>
                <span>
                  <IconButton onClick={onRegenerate} disabled={creating || regenerate} aria-label={t('connections.modal.regenerateToken')}
                    data-testid="connection-token-regenerate">
                    <AutorenewIcon />
                  </IconButton>
                </span>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
