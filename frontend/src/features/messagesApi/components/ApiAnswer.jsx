import { Alert, Box } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** What the endpoint answered: HTTP status and body. */
export default function ApiAnswer({ answer, testId }) {
  const { t } = useTranslation();
  if (!answer) return null;
  const body = typeof answer.data === 'string' ? answer.data : JSON.stringify(answer.data, null, 2);
  return (
    <Alert severity={answer.ok ? 'success' : 'error'} data-testid={testId} data-status={answer.status} sx={{ '& .MuiAlert-message': { width: '100%' } }}>
      {t('messagesApi.answer', { status: answer.status })}
      {body && <Box component="pre" sx={{ m: 0, mt: 1, whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 12 }}>{body}</Box>}
    </Alert>
  );
}
