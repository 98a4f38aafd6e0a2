import { useState } from 'react';
import {
  Avatar, Box, Button, Checkbox, Divider, FormControlLabel, IconButton, MenuItem, Paper, Stack, TextField, Typography,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import BlockIcon from '@mui/icons-material/Block';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../services/toast';
import toastError from '../../../utils/toastError';
import { isAdmin } from '../../../utils/permissions';
import { useAuth } from '../../auth/hooks/useAuth';
import { blockContact, clearTicketTags, setTicketTag, toggleAcceptAudio, toggleDisableBot } from '../api/ticketsApi';
import { useSettingValue, useTags } from '../hooks/useLookups';
import { maskNumber } from '../utils/format';
import { isOn } from '../utils/permissions';
import ContactModal from '../../contacts/components/ContactModal';
import TicketNotes from './TicketNotes';
import ContactSchedulesButton from '../../schedules/components/ContactSchedulesButton';

export const CONTACT_DRAWER_WIDTH = 320;

function KanbanSelect({ ticket, onTicketChange }) {
  const { t } = useTranslation();
  const { tags } = useTags({ kanban: 1 });
  const kanbanTags = tags.filter((tag) => Number(tag.kanban) === 1 || tag.kanban === true || tag.kanban === undefined);
  const current = (ticket.tags || []).find((tag) => kanbanTags.some((k) => k.id === tag.id));
  const [saving, setSaving] = useState(false);

  const change = async (event) => {
    const tagId = event.target.value;
    setSaving(true);
    try {
      await clearTicketTags(ticket.id);
      let nextTags = (ticket.tags || []).filter((tag) => !kanbanTags.some((k) => k.id === tag.id));
      if (tagId !== '') {
        await setTicketTag(ticket.id, tagId);
        nextTags = [...nextTags, kanbanTags.find((k) => k.id === tagId)];
      }
      onTicketChange({ tags: nextTags });
    } catch (error) {
      toastError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <TextField select size="small" fullWidth label={t('tickets.drawer.kanban')} value={current?.id ?? ''} onChange={change} disabled={saving}
      slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'kanban-select' } } }}>
      <MenuItem value="">{t('tickets.drawer.noKanban')}</MenuItem>
      {kanbanTags.map((tag) => (
        <MenuItem key={tag.id} value={tag.id} data-testid="kanban-option">
          <Box component="span" sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: tag.color, mr: 1, display: 'inline-block' }} />
          {tag.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * Side panel with the contact of the open ticket (spec/1 §2 Contact drawer): beside the
 * conversation on wide screens, so the header's actions stay reachable; over it on phones.
 */
export default function ContactDrawer({ open, ticket, onClose, onTicketChange }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [editOpen, setEditOpen] = useState(false);
  const hideNumber = isOn(useSettingValue('lgpdHideNumber')) && !isAdmin(user);
  const contact = ticket.contact || {};
  if (!open) return null;

  const setContact = (changes) => onTicketChange({ contact: { ...contact, ...changes } });

  const onAcceptAudio = async () => {
    try {
      const updated = await toggleAcceptAudio(contact.id);
      setContact({ acceptAudioMessage: updated?.acceptAudioMessage ?? !contact.acceptAudioMessage });
    } catch (error) {
      toastError(error);
    }
  };

  const onDisableBot = async () => {
    try {
      const updated = await toggleDisableBot(contact.id);
      setContact({ disableBot: updated?.disableBot ?? !contact.disableBot });
    } catch (error) {
      toastError(error);
    }
  };

  const onBlock = async () => {
    const active = contact.active === false;
    try {
      const updated = await blockContact(contact.id, active);
      setContact({ active: updated?.active ?? active });
      toast.success(active ? t('tickets.drawer.unblocked') : t('tickets.drawer.blocked'));
    } catch (error) {
      toastError(error);
    }
  };

  const blocked = contact.active === false;

  return (
    <Paper square elevation={8} data-testid="contact-drawer"
      sx={{ width: { xs: '100%', sm: CONTACT_DRAWER_WIDTH }, maxWidth: '100%', borderLeft: 1, borderColor: 'divider', overflowY: 'auto',
        flexShrink: 0, position: { xs: 'absolute', sm: 'static' }, right: 0, top: 0, bottom: 0, zIndex: 3 }}>
      <Stack direction="row" sx={{ alignItems: 'center', px: 1, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <IconButton onClick={onClose} data-testid="contact-drawer-close" aria-label={t('common.close')}><CloseIcon /></IconButton>
        <Typography sx={{ fontWeight: 600 }}>{t('tickets.drawer.title')}</Typography>
      </Stack>
      <Stack spacing={1.5} sx={{ p: 2 }}>
        <FormControlLabel
          control={<Checkbox checked={Boolean(contact.acceptAudioMessage)} onChange={onAcceptAudio}
            slotProps={{ input: { 'data-testid': 'contact-accept-audio' } }} />}
          label={t('tickets.drawer.acceptAudio')}
        />
        <FormControlLabel
          control={<Checkbox checked={Boolean(contact.disableBot)} onChange={onDisableBot}
            slotProps={{ input: { 'data-testid': 'contact-disable-bot' } }} />}
          label={t('tickets.drawer.disableBot')}
        />
        <Stack sx={{ alignItems: 'center' }} spacing={1}>
          <Avatar src={contact.urlPicture || undefined} sx={{ width: 140, height: 140, fontSize: 48 }}>{contact.name?.[0]}</Avatar>
          <Typography variant="h6" data-testid="contact-drawer-name" sx={{ textAlign: 'center', wordBreak: 'break-word' }}>{contact.name}</Typography>
          <Typography data-testid="contact-drawer-number">{hideNumber ? maskNumber(contact.number) : contact.number}</Typography>
          {contact.email && <Typography variant="body2" color="text.secondary">{contact.email}</Typography>}
        </Stack>
        <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'center', flexWrap: 'wrap' }}>
          <Button variant="outlined" size="small" startIcon={<EditOutlinedIcon />} onClick={() => setEditOpen(true)} data-testid="contact-edit">
            {t('tickets.drawer.edit')}
          </Button>
          <Button variant="outlined" size="small" color={blocked ? 'success' : 'error'} startIcon={blocked ? <LockOpenIcon /> : <BlockIcon />}
            onClick={onBlock} data-testid="contact-block" data-blocked={blocked}>
            {blocked ? t('tickets.drawer.unblock') : t('tickets.drawer.block')}
          </Button>
          <ContactSchedulesButton contactId={contact.id} />
        </Stack>
        <Divider />
        <KanbanSelect ticket={ticket} onTicketChange={onTicketChange} />
        <Divider />
        <Typography variant="subtitle2">{t('tickets.notes.title')}</Typography>
        <TicketNotes ticket={ticket} />
        {(contact.extraInfo || []).length > 0 && (
          <>
            <Divider />
            <Typography variant="subtitle2">{t('tickets.drawer.extraInfo')}</Typography>
            {contact.extraInfo.map((info) => (
              <Box key={info.id ?? info.name} data-testid="contact-extra-info">
                <Typography variant="caption" color="text.secondary">{info.name}</Typography>
                <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>{info.value}</Typography>
              </Box>
            ))}
          </>
        )}
      </Stack>
      <ContactModal open={editOpen} contactId={contact.id} onClose={() => setEditOpen(false)} onSaved={(saved) => setContact(saved)} />
    </Paper>
  );
}
