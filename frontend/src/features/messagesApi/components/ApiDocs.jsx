import { Box, Card, CardContent, CardHeader, Link, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { openapiUrl, sendUrl } from '../api/externalApi';

const FIELDS = [
  { name: 'number', type: 'string', required: true },
  { name: 'body', type: 'string', required: true },
  { name: 'userId', type: 'number' },
  { name: 'queueId', type: 'number' },
  { name: 'sendSignature', type: 'boolean' },
  { name: 'closeTicket', type: 'boolean' },
  { name: 'medias', type: 'file' },
];

function Code({ children, testId }) {
  return (
    <Box component="pre" data-testid={testId}
      sx={{ bgcolor: 'action.hover', p: 1.5, borderRadius: 1, fontSize: 13, overflowX: 'auto', whiteSpace: 'pre', m: 0 }}>
      {children}
    </Box>
  );
}

/** How to call POST /api/messages/send: address, authentication, fields and examples. */
export default function ApiDocs() {
  const { t } = useTranslation();
  const url = sendUrl();
  const json = JSON.stringify({ number: '5511999999999', body: t('messagesApi.docs.exampleBody') }, null, 2);
  return (
    <Card variant="outlined" data-testid="messages-api-docs">
      <CardHeader title={t('messagesApi.docs.title')} subheader={t('messagesApi.docs.subtitle')} />
      <CardContent>
        <Typography variant="subtitle2" gutterBottom>{t('messagesApi.docs.endpoint')}</Typography>
        <Code testId="messages-api-url">{`POST ${url}`}</Code>
        <Typography variant="subtitle2" sx={{ mt: 2 }} gutterBottom>{t('messagesApi.docs.auth')}</Typography>
        <Typography variant="body2" gutterBottom>{t('messagesApi.docs.authText')}</Typography>
        <Code>{'Authorization: Bearer <token>'}</Code>
        <Typography variant="subtitle2" sx={{ mt: 2 }} gutterBottom>{t('messagesApi.docs.retry')}</Typography>
        <Typography variant="body2" gutterBottom>{t('messagesApi.docs.retryText')}</Typography>
        <Code>{'Idempotency-Key: 6f1c2a34-8d0e-4b7a-9c55-1e2f3a4b5c6d'}</Code>
        <Typography variant="subtitle2" sx={{ mt: 2 }} gutterBottom>{t('messagesApi.docs.fields')}</Typography>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('messagesApi.docs.field')}</TableCell>
              <TableCell>{t('messagesApi.docs.type')}</TableCell>
              <TableCell>{t('messagesApi.docs.description')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {FIELDS.map((field) => (
              <TableRow key={field.name}>
                <TableCell sx={{ fontFamily: 'monospace' }}>{field.name}{field.required ? ' *' : ''}</TableCell>
                <TableCell>{field.type}</TableCell>
                <TableCell>{t(`messagesApi.docs.fieldHelp.${field.name}`)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Typography variant="subtitle2" sx={{ mt: 2 }} gutterBottom>{t('messagesApi.docs.textExample')}</Typography>
        <Code>{`curl -X POST '${url}' \\\n  -H 'Authorization: Bearer <token>' \\\n  -H 'Content-Type: application/json' \\\n  -d '${json}'`}</Code>
        <Typography variant="subtitle2" sx={{ mt: 2 }} gutterBottom>{t('messagesApi.docs.mediaExample')}</Typography>
        <Code>{`curl -X POST '${url}' \\\n  -H 'Authorization: Bearer <token>' \\\n  -F number=5511999999999 \\\n  -F 'body=${t('messagesApi.docs.exampleCaption')}' \\\n  -F medias=@/path/to/file.pdf`}</Code>
        <Typography variant="subtitle2" sx={{ mt: 2 }} gutterBottom>{t('messagesApi.docs.answer')}</Typography>
        <Code>{JSON.stringify({ status: 'SUCCESS', ticketId: 42, messageIds: [1001] }, null, 2)}</Code>
        <Typography variant="body2" sx={{ mt: 2 }}>
          {t('messagesApi.docs.openapi')}{' '}
          <Link href={openapiUrl()} target="_blank" rel="noopener noreferrer" data-testid="messages-api-openapi">{openapiUrl()}</Link>
        </Typography>
      </CardContent>
    </Card>
  );
}
