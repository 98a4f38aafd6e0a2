import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import DataTable from '../../../components/DataTable';
import ListPage from '../../../components/ListPage';
import useEditModal from '../../../hooks/useEditModal';
import usePagedList from '../../../hooks/usePagedList';
import useSearchText from '../../../hooks/useSearchText';
import useSocketEvent from '../../../hooks/useSocketEvent';
import { ANNOUNCEMENTS_PATH, ANNOUNCEMENT_EVENT, PRIORITY_COLORS, deleteAnnouncement } from '../api/announcementsApi';
import AnnouncementModal from '../components/AnnouncementModal';

function PriorityChip({ priority }) {
  const { t } = useTranslation();
  return <Chip size="small" label={t(`announcements.priority.${priority}`)} sx={{ bgcolor: PRIORITY_COLORS[priority], color: '#fff' }} />;
}

const COLUMNS = [
  { key: 'title', sx: { fontWeight: 500 } },
  { key: 'priority', align: 'center', render: (r) => <PriorityChip priority={r.priority} /> },
  { key: 'mediaName', render: (r) => r.mediaName || '—' },
  { key: 'status', align: 'center', render: (r, t) => t(r.status ? 'announcements.active' : 'announcements.inactive') },
];

/** Super users' announcements (spec/3): search, infinite scroll, add/edit dialog, delete. */
export default function AnnouncementsPage() {
  const { t } = useTranslation();
  const search = useSearchText();
  const list = usePagedList(ANNOUNCEMENTS_PATH, 'records', { searchParam: search.param });
  const modal = useEditModal();

  useSocketEvent(ANNOUNCEMENT_EVENT, (data) => {
    if (data?.action === 'delete') list.remove(data.id);
    else if (data?.record) list.update(data.record);
  });

  const remove = async (record) => {
    await deleteAnnouncement(record.id);
    list.remove(record.id);
  };

  return (
    <ListPage
      testId="announcements"
      title={t('announcements.title')}
      search={search}
      addLabel={t('announcements.add')}
      onAdd={modal.add}
      error={list.error}
      onEndReached={list.loadMore}
      dialogs={(
        <AnnouncementModal open={modal.open} record={modal.record} onClose={modal.close}
          onSaved={modal.saved(list)} />
      )}
    >
      <DataTable
        testId="announcements-table"
        item="announcement"
        labels="announcements.columns"
        columns={COLUMNS}
        rows={list.items}
        rowData={(r) => ({ title: r.title })}
        loading={list.loading}
        emptyText={t('announcements.empty')}
        onEdit={modal.edit}
        onDelete={remove}
        deleteTitle={(r) => t('announcements.deleteTitle', { title: r.title })}
        deleteMessage={t('announcements.deleteMessage')}
        deletedMessage={t('announcements.deleted')}
      />
    </ListPage>
  );
}
