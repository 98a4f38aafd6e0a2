import { Alert, Box, Button, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import SubdirectoryArrowRightIcon from '@mui/icons-material/SubdirectoryArrowRight';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import ConfirmationDialog from '../../../components/ConfirmationDialog';
import { toast } from '../../../services/toast';
import toastError from '../../../utils/toastError';
import { canNest, countDescendants, menuPreview, optionPayload, sortTree } from '../api/chatbotTree';
import { createOption, deleteOption, updateOption } from '../api/queuesApi';
import OptionEditor from './OptionEditor';

const nameOf = (items, id) => items.find((item) => item.id === Number(id))?.name;

/** What the option does, in a few words (its type and target). */
function Summary({ option, lookups }) {
  const { t } = useTranslation();
  const target = {
    queue: nameOf(lookups.queues, option.optQueueId),
    attendent: [nameOf(lookups.users, option.optUserId), nameOf(lookups.queues, option.optQueueId)].filter(Boolean).join(' · '),
    file: nameOf(lookups.files, option.optFileId),
    integration: nameOf(lookups.integrations || [], option.optIntegrationId),
  }[option.queueType];
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Chip size="small" label={t(`queues.chatbot.types.${option.queueType}`, { defaultValue: option.queueType })} />
      {target && <Typography variant="caption" color="text.secondary">{target}</Typography>}
      {option.closeTicket && <Chip size="small" color="warning" variant="outlined" label={t('queues.chatbot.closes')} />}
    </Stack>
  );
}

/**
 * The queue's option tree (BEHAVIOUR §2c): each option saved on its own (POST/PUT /chatbot),
 * the tree read again from GET /queue/{id} (refresh) after every change. A new queue gets
 * options once saved.
 */
export default function ChatbotOptionsTab({ queue, loadError, refresh, lookups }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(null); // { id } | { parentId } (parentId null: first level)
  const [nestErrors, setNestErrors] = useState(null);
  const [removing, setRemoving] = useState(null);

  if (!queue?.id) return <Alert severity="info" sx={{ mt: 2 }} data-testid="chatbot-save-first">{t('queues.chatbot.saveFirst')}</Alert>;
  if (loadError) return <Alert severity="error" sx={{ mt: 2 }}>{t('errors.listLoad')}</Alert>;

  const tree = sortTree(queue.chatbots);
  const close = () => {
    setEditing(null);
    setNestErrors(null);
  };

  const save = async (values, { option, parentId }) => {
    if (option) await updateOption(option.id, optionPayload(values));
    else await createOption(optionPayload(values, { queueId: queue.id, parentId }));
    await refresh();
    toast.success(t('queues.chatbot.saved'));
    // Asked for the message to nest under this option: now add the sub-option.
    if (option && editing?.nesting) {
      setNestErrors(null);
      setEditing({ parentId: option.id });
    } else close();
  };

  const addChild = (option) => {
    if (canNest(option)) {
      setNestErrors(null);
      setEditing({ parentId: option.id });
      return;
    }
    // The sub-options are listed under the parent's message: ask for it first.
    setNestErrors({ greetingMessage: 'queues.chatbot.validation.greetingToNest' });
    setEditing({ id: option.id, nesting: true });
  };

  const remove = async (option) => {
    try {
      await deleteOption(option.id);
      await refresh();
      toast.success(t('queues.chatbot.deleted'));
      if (editing) close();
    } catch (error) {
      toastError(error);
    }
  };

  const editor = (option, parentId, hasChildren) => (
    <OptionEditor key={option ? `edit-${option.id}` : `add-${parentId}`} option={option} hasChildren={hasChildren}
      initialErrors={option && editing?.nesting ? nestErrors : null}
      queues={lookups.queues} users={lookups.users} files={lookups.files} integrations={lookups.integrations}
      onSave={(values) => save(values, { option, parentId })} onCancel={close} />
  );

  const renderLevel = (options, prefix, depth, parent) => (
    <>
      {options.map((option, index) => {
        const number = `${prefix}${index + 1}`;
        const children = option.options || [];
        const isEditing = editing?.id === option.id;
        return (
          <Box key={option.id} data-testid="chatbot-option" data-number={number} data-name={option.name}>
            {isEditing ? <Box sx={{ pl: depth * 3 }}>{editor(option, parent?.id ?? null, children.length > 0 || Boolean(editing.nesting))}</Box> : (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', py: 0.5, pl: depth * 3, borderBottom: 1, borderColor: 'divider' }}>
                {depth > 0 && <SubdirectoryArrowRightIcon fontSize="small" color="disabled" />}
                <Typography sx={{ minWidth: 36, fontWeight: 600 }}>{number}</Typography>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography noWrap title={option.name}>{option.name}</Typography>
                  <Summary option={option} lookups={lookups} />
                </Box>
                <Tooltip title={t('queues.chatbot.addChild')}>
                  <IconButton size="small" onClick={() => addChild(option)} data-testid={`chatbot-option-add-${option.id}`}><AddIcon fontSize="small" /></IconButton>
                </Tooltip>
                <Tooltip title={t('common.edit')}>
                  <IconButton size="small" onClick={() => { setNestErrors(null); setEditing({ id: option.id }); }} data-testid={`chatbot-option-edit-${option.id}`}>
                    <EditIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('common.delete')}>
                  <IconButton size="small" onClick={() => setRemoving(option)} data-testid={`chatbot-option-delete-${option.id}`}><DeleteIcon fontSize="small" /></IconButton>
                </Tooltip>
              </Stack>
            )}
            {renderLevel(children, `${number}.`, depth + 1, option)}
            {editing && !('id' in editing) && editing.parentId === option.id && <Box sx={{ pl: (depth + 1) * 3 }}>{editor(null, option.id, false)}</Box>}
          </Box>
        );
      })}
    </>
  );

  const preview = menuPreview(queue.greetingMessage, tree, { back: t('queues.chatbot.back'), exit: t('queues.chatbot.exit') });
  return (
    <Stack spacing={2} sx={{ pt: 2 }} data-testid="chatbot-tree">
      <Alert severity="info">{t('queues.chatbot.help.tree')}</Alert>
      {tree.length === 0 && !editing && <Typography color="text.secondary" data-testid="chatbot-empty">{t('queues.chatbot.empty')}</Typography>}
      <Box>
        {renderLevel(tree, '', 0, null)}
        {editing && !('id' in editing) && editing.parentId === null && editor(null, null, false)}
      </Box>
      <Box>
        <Button startIcon={<AddIcon />} onClick={() => { setNestErrors(null); setEditing({ parentId: null }); }} disabled={Boolean(editing)} data-testid="chatbot-add">
          {t('queues.chatbot.add')}
        </Button>
      </Box>
      {tree.length > 0 && (
        <Box>
          <Typography variant="subtitle2">{t('queues.chatbot.preview')}</Typography>
          <Box component="pre" sx={{ m: 0, p: 1.5, bgcolor: 'action.hover', borderRadius: 1, whiteSpace: 'pre-wrap', fontFamily: 'inherit', fontSize: 14 }} data-testid="chatbot-preview">
            {preview}
          </Box>
        </Box>
      )}
      <ConfirmationDialog open={Boolean(removing)} testId="chatbot-delete-dialog" onClose={() => setRemoving(null)}
        title={t('queues.chatbot.deleteTitle', { name: removing?.name })} confirmLabel={t('common.delete')} onConfirm={() => remove(removing)}>
        {countDescendants(removing) > 0 ? t('queues.chatbot.deleteWithChildren', { count: countDescendants(removing) }) : t('queues.chatbot.deleteMessage')}
      </ConfirmationDialog>
    </Stack>
  );
}
