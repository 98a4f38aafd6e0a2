import useSWR from 'swr';
import { Alert, Box, LinearProgress, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Forbidden from '../../../components/Forbidden';
import { isAdmin, isSuper } from '../../../utils/permissions';
import { useAuth } from '../../auth/hooks/useAuth';
import { connectionsByCompany } from '../api/allConnections';
import { ALL_CONNECTIONS_PATH } from '../api/connectionsApi';
import { listOf } from '../hooks/useConnectionLookups';

const COLUMNS = ['connected', 'disconnected', 'total'];

function Overview() {
  const { t } = useTranslation();
  const { data, error, isLoading } = useSWR(`${ALL_CONNECTIONS_PATH}?session=0`);
  // Each connection names its company; companies without connections come with the companies page.
  const { rows, total } = connectionsByCompany(listOf(data, 'whatsapps'));
  return (
    <Box sx={{ p: 2, height: '100%', display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="all-connections-page">
      <Typography variant="h5">{t('connections.all.title')}</Typography>
      {error && <Alert severity="error">{t('errors.listLoad')}</Alert>}
      <Paper variant="outlined" sx={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
        <Table size="small" stickyHeader>
          <TableHead>
            <TableRow>
              <TableCell>{t('connections.all.company')}</TableCell>
              {COLUMNS.map((column) => <TableCell key={column} align="center">{t(`connections.all.${column}`)}</TableCell>)}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.companyId} hover data-testid="all-connections-row" data-company={row.companyId}>
                <TableCell>{row.name}</TableCell>
                {COLUMNS.map((column) => <TableCell key={column} align="center" data-testid={`all-connections-${column}`}>{row[column]}</TableCell>)}
              </TableRow>
            ))}
            <TableRow data-testid="all-connections-summary" sx={{ '& td': { fontWeight: 700 } }}>
              <TableCell>{t('connections.all.grandTotal')}</TableCell>
              {COLUMNS.map((column) => <TableCell key={column} align="center" data-testid={`all-connections-grand-${column}`}>{total[column]}</TableCell>)}
            </TableRow>
          </TableBody>
        </Table>
        {isLoading && <LinearProgress />}
      </Paper>
    </Box>
  );
}

/** /allConnections: super users only; other admins go to /tickets, plain users see the no-access view. */
export default function AllConnectionsPage() {
  const { user } = useAuth();
  if (isSuper(user)) return <Overview />;
  if (isAdmin(user)) return <Navigate to="/tickets" replace />;
  return <Forbidden />;
}
