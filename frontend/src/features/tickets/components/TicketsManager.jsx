import { useMemo, useState } from 'react';
import {
  Badge, Box, Checkbox, Collapse, FormControlLabel, IconButton, InputAdornment, ListItemText, MenuItem, Paper, Select,
  Stack, Switch, Tab, Tabs, TextField, Tooltip,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import FilterListIcon from '@mui/icons-material/FilterList';
import AddIcon from '@mui/icons-material/Add';
import InboxIcon from '@mui/icons-material/MoveToInbox';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import { useTranslation } from 'react-i18next';
import ConfirmationDialog from '../../../components/ConfirmationDialog';
import useLocalStorage from '../../../hooks/useLocalStorage';
import { toast } from '../../../services/toast';
import { isAdmin } from '../../../utils/permissions';
import { useAuth } from '../../auth/hooks/useAuth';
import { closeAllTickets } from '../api/ticketsApi';
import { useInbox } from '../hooks/useInbox';
import { useCompanyUsers, useConnections, useQueueOptions, useSettingValue, useTags } from '../hooks/useLookups';
import useTicketsList from '../hooks/useTicketsList';
import { hiddenNoQueueKey, inboxTabs, lgpdTabOn, shownTab } from '../utils/inboxTabs';
import { canSeeGroups, canSeeNoQueue, canShowAll, companyIdOf } from '../utils/permissions';
import NewTicketModal from './NewTicketModal';
import TicketsListView from './TicketsListView';

export const SEARCH_MIN_CHARS = 3;
// The search view also finds what the bot holds (LGPD consent, rating), which no tab lists.
const STATUSES = ['open', 'pending', 'closed', 'group', 'lgpd', 'nps'];

function MultiSelect({ label, options, value, onChange, testId }) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={label}
      fullWidth
      value={value}
      onChange={(e) => onChange(typeof e.target.value === 'string' ? e.target.value.split(',') : e.target.value)}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (selected) => (selected.length ? t('tickets.filters.selected', { count: selected.length }) : ''),
          SelectDisplayProps: { 'data-testid': testId },
        },
      }}
    >
      {options.map((option) => (
        <MenuItem key={option.id} value={option.id} dense data-testid={`${testId}-option`} data-value={option.id}>
          <Checkbox size="small" checked={value.includes(option.id)} />
          <ListItemText primary={option.name} />
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The left panel: search, filters, buttons, tabs and lists (spec/1 §2 Ticket list screen). */
export default function TicketsManager() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { tab: chosenTab, setTab } = useInbox();
  const admin = isAdmin(user);
  const [view, setView] = useState('inbox'); // inbox | closed
  const [search, setSearch] = useState('');
  const [searchOnMessages, setSearchOnMessages] = useState(false);
  const [showFilters, setShowFilters] = useState(false);
  const [showAllStored, setShowAll] = useLocalStorage('showAll', false);
  const [sort, setSort] = useLocalStorage('sortTickets', 'DESC');
  const [newTicketOpen, setNewTicketOpen] = useState(false);
  const [closeAllOpen, setCloseAllOpen] = useState(false);
  const [tagIds, setTagIds] = useState([]);
  const [whatsappIds, setWhatsappIds] = useState([]);
  const [userIds, setUserIds] = useState([]);
  const [statusFilter, setStatusFilter] = useState('');

  const queueOptions = useQueueOptions(user);
  const allQueueIds = useMemo(() => queueOptions.map((q) => q.id), [queueOptions]);
  const [queueSelection, setQueueSelection] = useState(null);
  const selectedQueueIds = queueSelection ?? allQueueIds;
  const { tags } = useTags();
  const connections = useConnections();
  const users = useCompanyUsers(admin);

  // The search list waits for 500 ms of quiet typing itself (useTicketsList), so one request goes.
  const term = search.trim();
  const searching = term.length >= SEARCH_MIN_CHARS;
  const showAll = canShowAll(user) && Boolean(showAllStored);
  const groups = canSeeGroups(user);
  const companyId = companyIdOf(user);
  const rules = { companyId, userId: user.id, canSeeNoQueue: canSeeNoQueue(user) };
  const lgpd = lgpdTabOn(useSettingValue('enableLGPD', { companyId }));
  const tabs = inboxTabs({ lgpd, groups });
  const tab = shownTab(chosenTab, tabs);

  const common = {
    queueIds: selectedQueueIds,
    tags: tagIds,
    whatsappIds,
    users: admin ? userIds : [],
    showAll,
    sort,
  };
  const openList = useTicketsList({ ...common, status: 'open' }, rules);
  const pendingList = useTicketsList({ ...common, status: 'pending' }, rules);
  const lgpdList = useTicketsList({ ...common, status: 'lgpd' }, rules, { enabled: lgpd });
  const groupList = useTicketsList({ ...common, status: 'group' }, { ...rules, canSeeNoQueue: true }, { enabled: groups });
  const tabLists = { open: openList, pending: pendingList, lgpd: lgpdList, group: groupList };
  const closedList = useTicketsList({ ...common, status: 'closed' }, rules, { enabled: view === 'closed' && !searching });
  const searchList = useTicketsList(
    { ...common, status: statusFilter || undefined, searchParam: term, searchOnMessages, sort: undefined },
    rules,
    { enabled: searching },
  );

  const activeView = searching ? 'search' : view;
  const currentStatus = activeView === 'closed' ? 'closed' : tab;

  const confirmCloseAll = async () => {
    try {
      await closeAllTickets(currentStatus, selectedQueueIds);
      toast.success(t('tickets.closeAll.done'));
      (tabLists[currentStatus] || openList).reload();
    } catch (error) {
      // Spec: a close-all failure is only logged.
      console.error(error); // eslint-disable-line no-console
    }
  };

  const tabLabel = (label, count, testId) => (
    <Badge badgeContent={count} color="primary" max={999} data-testid={testId} data-count={count}
      sx={{ mr: 1.5, '& .MuiBadge-badge': { right: -10 } }}>
      {label}
    </Badge>
  );

  return (
    <Paper square elevation={0} sx={{ height: '100%', display: 'flex', flexDirection: 'column', borderRight: 1, borderColor: 'divider' }}
      data-testid="tickets-manager">
      <Box sx={{ p: 1, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField
            size="small"
            fullWidth
            placeholder={t('tickets.search.placeholder')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            slotProps={{
              input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> },
              htmlInput: { 'data-testid': 'tickets-search' },
            }}
          />
          <Tooltip title={t('tickets.filters.toggle')}>
            <IconButton onClick={() => setShowFilters((v) => !v)} color={showFilters ? 'primary' : 'default'}
              data-testid="tickets-filter-toggle" aria-label={t('tickets.filters.toggle')}>
              <FilterListIcon />
            </IconButton>
          </Tooltip>
        </Stack>
        <Tooltip title={t('tickets.search.inMessagesHint')} placement="bottom-start">
          <FormControlLabel
            sx={{ ml: 0 }}
            control={<Checkbox size="small" checked={searchOnMessages} onChange={(e) => setSearchOnMessages(e.target.checked)}
              slotProps={{ input: { 'data-testid': 'tickets-search-messages' } }} />}
            label={t('tickets.search.inMessages')}
            slotProps={{ typography: { variant: 'body2' } }}
          />
        </Tooltip>
        <Collapse in={showFilters} unmountOnExit>
          <Stack spacing={1} sx={{ pt: 1 }} data-testid="tickets-filters">
            <MultiSelect label={t('tickets.filters.tags')} options={tags} value={tagIds} onChange={setTagIds} testId="filter-tags" />
            <MultiSelect label={t('tickets.filters.connections')} options={connections} value={whatsappIds}
              onChange={setWhatsappIds} testId="filter-connections" />
            <TextField select size="small" label={t('tickets.filters.status')} value={statusFilter}
              onChange={(e) => setStatusFilter(e.target.value)}
              slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'filter-status' } } }}>
              <MenuItem value="">{t('tickets.filters.allStatuses')}</MenuItem>
              {STATUSES.map((s) => <MenuItem key={s} value={s}>{t(`tickets.status.${s}`)}</MenuItem>)}
            </TextField>
            {admin && (
              <MultiSelect label={t('tickets.filters.users')} options={users} value={userIds} onChange={setUserIds} testId="filter-users" />
            )}
          </Stack>
        </Collapse>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
          <Tooltip title={t('tickets.buttons.openView')}>
            <IconButton color={activeView === 'inbox' ? 'primary' : 'default'} onClick={() => { setView('inbox'); setSearch(''); }}
              data-testid="tickets-view-open" aria-label={t('tickets.buttons.openView')}>
              <InboxIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('tickets.buttons.closedView')}>
            <IconButton color={activeView === 'closed' ? 'primary' : 'default'} onClick={() => { setView('closed'); setSearch(''); }}
              data-testid="tickets-view-closed" aria-label={t('tickets.buttons.closedView')}>
              <CheckCircleOutlineIcon />
            </IconButton>
          </Tooltip>
          {activeView === 'inbox' && (
            <Tooltip title={sort === 'ASC' ? t('tickets.buttons.sortAsc') : t('tickets.buttons.sortDesc')}>
              <IconButton onClick={() => setSort(sort === 'ASC' ? 'DESC' : 'ASC')} data-testid="tickets-sort" data-sort={sort}
                aria-label={t('tickets.buttons.sort')}>
                {sort === 'ASC' ? <ArrowUpwardIcon /> : <ArrowDownwardIcon />}
              </IconButton>
            </Tooltip>
          )}
          {admin && activeView === 'inbox' && (
            <Tooltip title={t('tickets.buttons.closeAll')}>
              <IconButton onClick={() => setCloseAllOpen(true)} data-testid="tickets-close-all" aria-label={t('tickets.buttons.closeAll')}>
                <DoneAllIcon />
              </IconButton>
            </Tooltip>
          )}
          {canShowAll(user) && activeView !== 'closed' && (admin || activeView !== 'search') && (
            <FormControlLabel
              sx={{ mx: 0.5 }}
              control={<Switch size="small" checked={showAll} onChange={(e) => setShowAll(e.target.checked)}
                slotProps={{ input: { 'data-testid': 'tickets-show-all' } }} />}
              label={t('tickets.buttons.showAll')}
              slotProps={{ typography: { variant: 'body2' } }}
            />
          )}
          <Box sx={{ flex: 1 }} />
          <Tooltip title={t('tickets.buttons.new')}>
            <IconButton color="primary" onClick={() => setNewTicketOpen(true)} data-testid="tickets-new" aria-label={t('tickets.buttons.new')}>
              <AddIcon />
            </IconButton>
          </Tooltip>
        </Stack>
        <Select
          multiple
          size="small"
          displayEmpty
          value={selectedQueueIds}
          onChange={(e) => setQueueSelection(e.target.value)}
          renderValue={(selected) => t('tickets.filters.queues', { count: selected.length })}
          SelectDisplayProps={{ 'data-testid': 'tickets-queue-select' }}
        >
          {queueOptions.map((queue) => (
            <MenuItem key={queue.id} value={queue.id} dense data-testid="tickets-queue-option" data-value={queue.id}>
              <Checkbox size="small" checked={selectedQueueIds.includes(queue.id)} sx={{ color: queue.color }} />
              <ListItemText primary={queue.name} />
            </MenuItem>
          ))}
        </Select>
      </Box>
      {activeView === 'inbox' && (
        // Four tabs with their badges don't fit the list's narrowest width: they scroll then.
        <Tabs value={tab} onChange={(_, value) => setTab(value)} variant={tabs.length > 3 ? 'scrollable' : 'fullWidth'}
          scrollButtons="auto" allowScrollButtonsMobile sx={{ borderBottom: 1, borderColor: 'divider' }}>
          {tabs.map((status) => (
            <Tab key={status} value={status} data-testid={`tickets-tab-${status}`} title={status === 'lgpd' ? t('tickets.tabs.lgpdHint') : undefined}
              label={tabLabel(t(`tickets.tabs.${status}`), tabLists[status].count, `tickets-count-${status}`)} />
          ))}
        </Tabs>
      )}
      {tabs.map((status) => (
        <TicketsListView key={status} list={tabLists[status]} showUser={admin} hidden={activeView !== 'inbox' || tab !== status}
          hiddenNoQueueKey={hiddenNoQueueKey(status)} testId={`tickets-list-${status}`} />
      ))}
      {activeView === 'closed' && <TicketsListView list={closedList} showUser={admin} testId="tickets-list-closed" />}
      {activeView === 'search' && <TicketsListView list={searchList} showUser={admin} testId="tickets-list-search" />}
      <NewTicketModal open={newTicketOpen} onClose={() => setNewTicketOpen(false)} />
      <ConfirmationDialog
        open={closeAllOpen}
        title={t('tickets.closeAll.title')}
        confirmLabel={t('tickets.yes')}
        onConfirm={confirmCloseAll}
        onClose={() => setCloseAllOpen(false)}
        testId="close-all-dialog"
      >
        {t('tickets.closeAll.message')}
      </ConfirmationDialog>
    </Paper>
  );
}
