import { Checkbox, FormControlLabel, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { FIELDS } from '../api/contactImportApi';

/** The file's first rows with a tick each; allRows extends the choice to every row of the file. */
export default function PreviewTable({ preview, mapping, picked, onPick, allRows, onAllRows }) {
  const { t } = useTranslation();
  const fieldOf = (col) => FIELDS.find((f) => mapping[f] === col);
  const toggle = (line) => {
    const next = new Set(picked);
    if (next.has(line)) next.delete(line); else next.add(line);
    onPick(next);
  };
  const everyShown = preview.rows.every((r) => picked.has(r.line));
  return (
    <>
      <FormControlLabel
        control={<Checkbox checked={allRows} onChange={(e) => onAllRows(e.target.checked)} data-testid="contact-import-all-rows" />}
        label={preview.import.totalRows > 0
          ? t('contactImport.allRowsCount', { count: preview.import.totalRows })
          : t('contactImport.allRows')}
      />
      <Typography variant="caption" color="text.secondary" component="p">
        {t('contactImport.previewHint', { count: preview.rows.length })}
      </Typography>
      <TableContainer sx={{ maxHeight: 420 }}>
        <Table size="small" stickyHeader data-testid="contact-import-preview">
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox checked={everyShown} onChange={() => onPick(everyShown ? new Set() : new Set(preview.rows.map((r) => r.line)))} />
              </TableCell>
              <TableCell>#</TableCell>
              {preview.header.map((name, i) => (
                // eslint-disable-next-line react/no-array-index-key -- columns are positions
                <TableCell key={i}>
                  {name}
                  {fieldOf(i) && <Typography variant="caption" color="primary" component="div">{t(`contactImport.fields.${fieldOf(i)}`)}</Typography>}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {preview.rows.map((row) => (
              <TableRow key={row.line} hover onClick={() => toggle(row.line)} sx={{ cursor: 'pointer' }}>
                <TableCell padding="checkbox"><Checkbox checked={picked.has(row.line)} /></TableCell>
                <TableCell>{row.line}</TableCell>
                {preview.header.map((_, i) => (
                  // eslint-disable-next-line react/no-array-index-key -- columns are positions
                  <TableCell key={i}>{row.cells[i] ?? ''}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
