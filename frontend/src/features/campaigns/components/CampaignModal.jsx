import { useRef, useState } from 'react';
import useSWR from 'swr';
import {
  Alert, Box, Button, FormControlLabel, IconButton, Link, Stack, Switch, TextField, Tooltip, Typography,
} from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { useTranslation } from 'react-i18next';
import FormDialog from '../../../components/FormDialog';
import SelectField from '../../../components/SelectField';
import useForm from '../../../hooks/useForm';
import {
  createCampaign, deleteCampaignMedia, updateCampaign, uploadCampaignMedia,
} from '../api/campaignsApi';
import {
  VARIANTS, campaignPayload, campaignToForm, tabOfErrors, validateCampaign,
} from '../api/campaignForm';
import { TICKET_STATUSES, isEditable } from '../api/campaignRules';

const listOf = (data, key) => (Array.isArray(data) ? data : data?.[key] || data?.records || []);
const CAMPAIGN_CHANNELS = ['whatsapp', 'whatsappapi', 'sandbox'];

function useLookups() {
  const lists = listOf(useSWR('/contact-lists/list', { shouldRetryOnError: false }).data, 'contactLists');
  const tags = listOf(useSWR('/tags/list', { shouldRetryOnError: false }).data, 'tags');
  const conns = listOf(useSWR('/whatsapp', { shouldRetryOnError: false }).data, 'whatsapps')
    .filter((c) => CAMPAIGN_CHANNELS.includes(c.channel));
  const users = listOf(useSWR('/users/list', { shouldRetryOnError: false }).data, 'users');
  const queues = listOf(useSWR('/queue', { shouldRetryOnError: false }).data, 'queues');
  return { lists, tags, conns, users, queues };
}

function MediaField({ record, file, removed, disabled, onFile, onRemove }) {
  const { t } = useTranslation();
  const inputRef = useRef(null);
  const current = file ? file.name : !removed && record?.mediaName;
  const href = !file && !removed ? record?.mediaUrl : null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <input ref={inputRef} type="file" hidden data-testid="campaign-file"
        onChange={(e) => { if (e.target.files?.[0]) onFile(e.target.files[0]); e.target.value = ''; }} />
      <Button variant="outlined" startIcon={<AttachFileIcon />} disabled={disabled} onClick={() => inputRef.current?.click()}
        data-testid="campaign-attach">{t('campaigns.form.attach')}</Button>
      {current ? (
        <Box sx={{ display: 'flex', alignItems: 'center', minWidth: 0 }} data-testid="campaign-media">
          {href ? <Link href={href} target="_blank" rel="noreferrer" noWrap>{current}</Link> : <Typography noWrap>{current}</Typography>}
          {!disabled && (
            <Tooltip title={t('campaigns.form.removeMedia')}>
              <IconButton size="small" onClick={onRemove} aria-label={t('campaigns.form.removeMedia')}><DeleteOutlinedIcon fontSize="small" /></IconButton>
            </Tooltip>
          )}
        </Box>
      ) : <Typography variant="body2" color="text.secondary">{t('campaigns.form.noMedia')}</Typography>}
    </Stack>
  );
}

function CampaignForm({ record, onClose, onSaved }) {
  const { t } = useTranslation();
  const editable = isEditable(record);
  const form = useForm(campaignToForm(record));
  const [tab, setTab] = useState('general');
  const [file, setFile] = useState(null);
  const [removed, setRemoved] = useState(false);
  const [savedId, setSavedId] = useState(record?.id ?? null);
  const lookups = useLookups();
  const hasMedia = Boolean(file) || (Boolean(record?.mediaName) && !removed);
  const none = { value: '', label: t('campaigns.form.none') };
  const options = (rows) => [none, ...rows.map((r) => ({ value: r.id, label: r.name }))];
  const text = (name, label, { shrink, ...props } = {}) => (
    <TextField {...form.field(name)} label={label} fullWidth disabled={!editable} {...props}
      slotProps={{ htmlInput: { 'data-testid': `campaign-${name}` }, ...(shrink ? { inputLabel: { shrink: true } } : {}) }} />
  );
  const select = (name, label, opts) => (
    <SelectField {...form.field(name)} label={label} options={opts} disabled={!editable} testId={`campaign-${name}`} />
  );
  const toggle = (name, checked, onChange) => (
    <Switch checked={checked} disabled={!editable} onChange={(e) => onChange(e.target.checked)}
      slotProps={{ input: { 'data-testid': `campaign-${name}` } }} />
  );

  const validate = () => {
    const errors = validateCampaign(form.values, { hasMedia });
    const ok = form.check({}, errors);
    if (!ok) setTab(tabOfErrors(errors));
    return ok;
  };

  const save = async () => {
    const payload = campaignPayload(form.values);
    let saved = savedId ? await updateCampaign(savedId, payload) : await createCampaign(payload);
    setSavedId(saved.id);
    if (file) saved = await uploadCampaignMedia(saved.id, file);
    else if (removed && record?.mediaName) saved = await deleteCampaignMedia(saved.id);
    return saved;
  };

  return (
    <FormDialog
      testId="campaign"
      maxWidth="md"
      title={record ? t('campaigns.form.editTitle') : t('campaigns.form.addTitle')}
      tabs={[
        { value: 'general', label: t('campaigns.form.tabs.general') },
        { value: 'messages', label: t('campaigns.form.tabs.messages') },
        ...(form.values.confirmation ? [{ value: 'confirmation', label: t('campaigns.form.tabs.confirmation') }] : []),
      ]}
      tab={tab}
      onTabChange={setTab}
      readOnly={!editable}
      adding={!record}
      validate={validate}
      onSubmit={save}
      onError={(error) => { form.applyServerErrors(error); setTab(tabOfErrors(error?.fields)); }}
      successMessage={t('campaigns.saved')}
      onSaved={onSaved}
      onClose={onClose}
      dirty={form.dirty || Boolean(file) || removed}
    >
      <Stack spacing={2} sx={{ pt: 2 }}>
        {!editable && <Alert severity="info" data-testid="campaign-readonly">{t('campaigns.form.readOnly')}</Alert>}
        {tab === 'general' && (
          <>
            {text('name', t('campaigns.form.name'), { required: true, autoFocus: true })}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {select('whatsappId', t('campaigns.form.whatsapp'), options(lookups.conns))}
              {text('scheduledAt', t('campaigns.form.scheduledAt'), {
                type: 'datetime-local', helperText: form.field('scheduledAt').helperText || t('campaigns.form.scheduledHelp'),
                shrink: true,
              })}
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {select('contactListId', t('campaigns.form.contactList'), options(lookups.lists))}
              {select('tagListId', t('campaigns.form.tag'), options(lookups.tags))}
            </Stack>
            <FormControlLabel label={t('campaigns.form.confirmation')}
              control={toggle('confirmation', Boolean(form.values.confirmation), (v) => form.setValue('confirmation', v))} />
            {form.values.confirmation && <Typography variant="body2" color="text.secondary">{t('campaigns.form.confirmationHelp')}</Typography>}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              <FormControlLabel label={t('campaigns.form.openTicket')} sx={{ minWidth: 160 }}
                control={toggle('openTicket', form.values.openTicket === 'enabled', (v) => form.setValue('openTicket', v ? 'enabled' : 'disabled'))} />
              {select('statusTicket', t('campaigns.form.statusTicket'),
                TICKET_STATUSES.map((s) => ({ value: s, label: t(`campaigns.form.ticketStatus.${s}`) })))}
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {select('userId', t('campaigns.form.user'), options(lookups.users))}
              {select('queueId', t('campaigns.form.queue'), options(lookups.queues))}
            </Stack>
            <MediaField record={record} file={file} removed={removed} disabled={!editable}
              onFile={(chosen) => { setFile(chosen); setRemoved(false); }} onRemove={() => { setFile(null); setRemoved(true); }} />
          </>
        )}
        {tab === 'messages' && (
          <>
            <Typography variant="body2" color="text.secondary">{t('campaigns.form.variantsHelp')}</Typography>
            {VARIANTS.map((n) => (
              <Box key={n}>{text(`message${n}`, t('campaigns.form.message', { n }), { multiline: true, minRows: 3 })}</Box>
            ))}
          </>
        )}
        {tab === 'confirmation' && (
          <>
            <Typography variant="body2" color="text.secondary">{t('campaigns.form.confirmationHelp')}</Typography>
            {VARIANTS.map((n) => (
              <Box key={n}>{text(`confirmationMessage${n}`, t('campaigns.form.confirmationMessage', { n }), { multiline: true, minRows: 2 })}</Box>
            ))}
          </>
        )}
      </Stack>
    </FormDialog>
  );
}

/** Add (record null) or edit a campaign; campaigns that can no longer change open read-only. */
export default function CampaignModal({ open, record, onClose, onSaved }) {
  return open ? <CampaignForm key={record?.id ?? 'new'} record={record} onClose={onClose} onSaved={onSaved} /> : null;
}
