import { useEffect, useRef, useState } from 'react';
import { Button, IconButton, Stack, Tooltip } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import RefreshIcon from '@mui/icons-material/Refresh';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useNavigate, useParams } from 'react-router';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import ListPage from '../../../components/ListPage';
import useCompanyEvent from '../../../hooks/useCompanyEvent';
import useEditModal from '../../../hooks/useEditModal';
import usePagedList from '../../../hooks/usePagedList';
import useSearchText from '../../../hooks/useSearchText';
import { toast } from '../../../services/toast';
import toastError from '../../../utils/toastError';
import {
  CONTACT_LIST_ITEMS_PATH, deleteContactListItem, listImports, recheckNumbers, uploadSpreadsheet,
} from '../api/contactListsApi';
import { ACCEPTED_FILES, checkSpreadsheet, eventForList } from '../api/contactListForm';
import { isActive, isCheck, newerImport } from '../api/importProgress';
import ContactListItemModal from '../components/ContactListItemModal';
import ContactListItemsTable from '../components/ContactListItemsTable';
import ImportPanel from '../components/ImportPanel';

/** The list's latest import, kept current by the company's ContactListImport events; onFinished(import) once it ends. */
function useLatestImport(listId, onFinished) {
  const [current, setCurrent] = useState(null);
  const finished = useRef(onFinished);
  const previous = useRef(null);
  useEffect(() => {
    finished.current = onFinished;
  });
  useEffect(() => {
    let live = true;
    listImports(listId).then((list) => live && setCurrent((now) => newerImport(now, list?.[0])), () => {});
    return () => { live = false; };
  }, [listId]);
  useCompanyEvent('ContactListImport', (data) => {
    const record = data?.record;
    if (record && Number(record.contactListId) === Number(listId)) setCurrent((now) => newerImport(now, record));
  });
  useEffect(() => {
    const before = previous.current;
    if (before && current && before.id === current.id && isActive(before) && !isActive(current)) finished.current(current);
    previous.current = current;
  }, [current]);
  return [current, setCurrent];
}

/** /contact-lists/{id}/contacts: a list's contacts, their import and WhatsApp marks (spec/3). */
export default function ContactListItemsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { contactListId } = useParams();
  const { data: record, mutate: reloadRecord } = useSWR(`/contact-lists/${contactListId}`);
  const search = useSearchText((text) => text.toLowerCase());
  const list = usePagedList(CONTACT_LIST_ITEMS_PATH, 'contacts', { contactListId, searchParam: search.param });
  const modal = useEditModal();
  const [uploading, setUploading] = useState(false);
  const fileRef = useRef(null);
  const [current, setCurrent] = useLatestImport(contactListId, (done) => {
    if (done.status === 'failed') toast.error(t('contactLists.import.failed'));
    else toast.success(t(isCheck(done) ? 'contactLists.recheck.finished' : 'contactLists.import.finished'));
  });

  useCompanyEvent('ContactListItem', (data) => {
    if (!eventForList(data, contactListId)) return;
    if (data.action === 'create' && !search.param) list.upsert(data.record);
    if (data.action === 'update') list.update(data.record);
    if (data.action === 'delete') list.remove(data.id);
    if (data.action === 'reload') list.reload();
  });
  useCompanyEvent('ContactList', (data) => {
    if (data?.record?.id === Number(contactListId)) reloadRecord(data.record, { revalidate: false });
  });

  const upload = async (file) => {
    const problem = checkSpreadsheet(file);
    if (problem) {
      toast.error(t(problem));
      return;
    }
    setUploading(true);
    try {
      const started = await uploadSpreadsheet(contactListId, file);
      setCurrent((now) => newerImport(now, started));
    } catch (error) {
      toastError(error);
    } finally {
      setUploading(false);
    }
  };

  const recheck = async () => {
    setUploading(true);
    try {
      const started = await recheckNumbers(contactListId);
      setCurrent((now) => newerImport(now, started));
      toast.success(t('contactLists.recheck.started'));
    } catch (error) {
      toastError(error);
    } finally {
      setUploading(false);
    }
  };

  const remove = async (item) => {
    await deleteContactListItem(item.id);
    list.remove(item.id);
  };

  const actions = (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Tooltip title={t('contactLists.items.back')}>
        <IconButton onClick={() => navigate('/contact-lists')} aria-label={t('contactLists.items.back')} data-testid="contact-list-items-back">
          <ArrowBackIcon />
        </IconButton>
      </Tooltip>
      <input ref={fileRef} type="file" hidden accept={ACCEPTED_FILES} data-testid="contact-list-items-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) upload(file);
        }} />
      <Button variant="outlined" startIcon={<UploadFileIcon />} disabled={uploading || isActive(current)}
        onClick={() => fileRef.current?.click()} data-testid="contact-list-items-import">
        {t('contactLists.items.import')}
      </Button>
      <Tooltip title={t('contactLists.recheck.hint')}>
        <span>
          <Button variant="outlined" startIcon={<FactCheckIcon />} disabled={uploading || isActive(current) || !record?.contactsCount}
            onClick={recheck} data-testid="contact-list-items-recheck">
            {t('contactLists.recheck.button')}
          </Button>
        </span>
      </Tooltip>
      <Tooltip title={t('contactLists.items.reload')}>
        <IconButton onClick={list.reload} aria-label={t('contactLists.items.reload')} data-testid="contact-list-items-reload">
          <RefreshIcon />
        </IconButton>
      </Tooltip>
    </Stack>
  );

  return (
    <ListPage
      testId="contact-list-items"
      title={record?.name ? t('contactLists.items.titleOf', { name: record.name }) : t('contactLists.items.title')}
      count={record?.contactsCount}
      filters={actions}
      search={search}
      addLabel={t('contactLists.items.add')}
      onAdd={modal.add}
      error={list.error}
      onEndReached={list.loadMore}
      dialogs={(
        <ContactListItemModal
          open={modal.open}
          listId={contactListId}
          record={modal.record}
          onClose={modal.close}
          onSaved={modal.saved(list)}
        />
      )}
    >
      <Stack spacing={2} sx={{ p: current ? 2 : 0 }}>
        <ImportPanel listId={contactListId} current={current} />
      </Stack>
      <ContactListItemsTable
        items={list.items}
        loading={list.loading}
        onEdit={modal.edit}
        onDelete={remove}
      />
    </ListPage>
  );
}
