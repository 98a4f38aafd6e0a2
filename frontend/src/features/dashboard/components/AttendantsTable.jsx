import { Chip, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Paper } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatMinutes } from '../api/dashboardApi';

const COLUMNS = ['name', 'rating', 'countRating', 'tickets', 'avgWaitTime', 'avgSupportTime', 'status'];

/** The attendants table: score (average rate 0–10), rated and total calls, times, online state. */
export default function AttendantsTable({ rows }) {
  const { t, i18n } = useTranslation();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" data-testid="dash-attendants">
        <TableHead>
          <TableRow>{COLUMNS.map((c) => <TableCell key={c}>{t(`dashboard.table.${c}`)}</TableCell>)}</TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && <TableRow><TableCell colSpan={COLUMNS.length}>{t('dashboard.table.empty')}</TableCell></TableRow>}
          {rows.map((r) => (
            <TableRow key={r.id} data-testid="dash-attendant-row">
              <TableCell>{r.name}</TableCell>
              <TableCell>{r.rating === null ? '—' : r.rating.toLocaleString(i18n.language, { maximumFractionDigits: 2 })}</TableCell>
              <TableCell>{r.countRating}</TableCell>
              <TableCell>{r.tickets}</TableCell>
              <TableCell>{formatMinutes(r.avgWaitTime)}</TableCell>
              <TableCell>{formatMinutes(r.avgSupportTime)}</TableCell>
              <TableCell>
                <Chip size="small" color={r.online ? 'success' : 'default'} label={t(r.online ? 'dashboard.table.online' : 'dashboard.table.offline')} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
