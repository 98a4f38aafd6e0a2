import { useState } from 'react';
import { Box, Chip, IconButton, ListItemIcon, Menu, MenuItem, Stack, Tooltip, Typography } from '@mui/material';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import useSocketEvent from '../../../hooks/useSocketEvent';
import { toast } from '../../../services/toast';
import toastError from '../../../utils/toastError';
import { syncContactTags } from '../../contacts/api/contactsApi';
import { useTags } from '../hooks/useLookups';
import { asList } from '../utils/format';

const DEFAULT_TAG_COLOR = '#7C7C7C';

/** Tags the header offers: labels, not kanban stages (those are the drawer's). */
export const labelTags = (tags) => tags.filter((tag) => !Number(tag.kanban));

/** The tags after adding (tag) or removing (without) one, as POST /tags/sync takes them. */
export function nextTags(current, { add, remove } = {}) {
  const kept = current.filter((tag) => tag.id !== remove?.id && tag.id !== add?.id);
  return (add ? [...kept, add] : kept).map(({ id, name }) => ({ id, name }));
}

/**
 * The contact's tags under the ticket header, added and removed in place (the contact
 * editor did it alone before): these are the tags the list shows and requiredTag asks for.
 */
export default function TicketTags({ contactId, companyId }) {
  const { t } = useTranslation();
  const { data, mutate } = useSWR(contactId ? `/contactTags/${contactId}` : null, { revalidateOnFocus: false });
  const { tags: all } = useTags();
  const [anchor, setAnchor] = useState(null);
  const [saving, setSaving] = useState(false);
  const current = asList(data, 'tags');
  const offered = labelTags(all).filter((tag) => !current.some((c) => c.id === tag.id));

  useSocketEvent(companyId ? `company-${companyId}-contact` : null, (event) => {
    if (event?.action === 'update' && event.contact?.id === contactId && Array.isArray(event.contact.tags)) {
      mutate({ tags: event.contact.tags }, { revalidate: false });
    }
  });

  const save = async (change, message) => {
    setAnchor(null);
    setSaving(true);
    try {
      const contact = await syncContactTags(contactId, nextTags(current, change));
      mutate({ tags: contact?.tags ?? nextTags(current, change) }, { revalidate: !contact?.tags });
      toast.success(message);
    } catch (error) {
      toastError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mt: 0.5 }} data-testid="ticket-tags">
      {current.map((tag) => (
        <Chip key={tag.id} size="small" label={tag.name} disabled={saving} data-testid="ticket-tag-chip"
          onDelete={() => save({ remove: tag }, t('tickets.tags.removed'))}
          sx={{ height: 20, bgcolor: tag.color || DEFAULT_TAG_COLOR, color: '#fff', '& .MuiChip-deleteIcon': { color: 'rgba(255,255,255,0.8)' } }} />
      ))}
      <Tooltip title={t('tickets.tags.add')}>
        <span>
          <IconButton size="small" onClick={(e) => setAnchor(e.currentTarget)} disabled={saving} data-testid="ticket-tag-add"
            aria-label={t('tickets.tags.add')} sx={{ p: 0.25 }}>
            <LocalOfferOutlinedIcon sx={{ fontSize: 18 }} />
          </IconButton>
        </span>
      </Tooltip>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {offered.length === 0 && <MenuItem disabled><Typography variant="body2">{t('tickets.tags.none')}</Typography></MenuItem>}
        {offered.map((tag) => (
          <MenuItem key={tag.id} onClick={() => save({ add: tag }, t('tickets.tags.added'))} data-testid="ticket-tag-option">
            <ListItemIcon>
              <Box component="span" sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: tag.color || DEFAULT_TAG_COLOR }} />
            </ListItemIcon>
            {tag.name}
          </MenuItem>
        ))}
      </Menu>
    </Stack>
  );
}
