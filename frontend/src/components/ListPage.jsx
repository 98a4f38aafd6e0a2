import { Alert, Box, Button, InputAdornment, Paper, Stack, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';
import useFillPane from '../hooks/useFillPane';
import { nearBottom } from '../utils/pagedItems';

/**
 * The frame every list page shares: title (with the count when known), optional filters, a
 * search box (search: useSearchText's { text, setText }), add button, load error, a scrolling
 * pane (onEndReached near the bottom loads more, and so does a pane its rows do not fill) and
 * the page's dialogs.
 * Test ids are `${testId}-page|-search|-add|-scroll`.
 */
export default function ListPage({
  testId, title, count, search, addLabel, onAdd, filters, error, onEndReached, children, dialogs,
}) {
  const { t } = useTranslation();
  const pane = useFillPane(onEndReached);
  return (
    <Box sx={{ p: 2, height: '100%', display: 'flex', flexDirection: 'column', gap: 2 }} data-testid={`${testId}-page`}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
        <Typography variant="h5" sx={{ flex: 1 }}>{typeof count === 'number' ? `${title} (${count})` : title}</Typography>
        {filters}
        {search && (
          <TextField
            size="small"
            placeholder={t('common.search')}
            value={search.text}
            onChange={(e) => search.setText(e.target.value)}
            slotProps={{
              input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> },
              htmlInput: { 'data-testid': `${testId}-search` },
            }}
          />
        )}
        {onAdd && (
          <Button variant="contained" onClick={onAdd} data-testid={`${testId}-add`}>{addLabel}</Button>
        )}
      </Stack>
      {error && <Alert severity="error">{t('errors.listLoad')}</Alert>}
      <Paper ref={pane} variant="outlined" sx={{ flex: 1, minHeight: 0, overflow: 'auto' }}
        onScroll={(e) => onEndReached && nearBottom(e.currentTarget) && onEndReached()} data-testid={`${testId}-scroll`}>
        {children}
      </Paper>
      {dialogs}
    </Box>
  );
}
