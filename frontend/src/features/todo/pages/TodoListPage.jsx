import { useState } from 'react';
import {
  Box, Button, IconButton, List, ListItem, ListItemButton, ListItemText, Paper, Stack, TextField, Tooltip, Typography,
} from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { useTranslation } from 'react-i18next';
import useLocalStorage from '../../../hooks/useLocalStorage';
import { formatChatTime } from '../../chats/utils/format';
import {
  TASKS_KEY, addTask, asTasks, editTask, removeTask,
} from '../utils/tasks';

/**
 * To-do list (/todolist), kept only in this browser. Selecting a task (or its edit icon)
 * loads it into the field and the button reads Salvar; blank text is ignored.
 */
export default function TodoListPage() {
  const { t } = useTranslation();
  const [stored, setStored] = useLocalStorage(TASKS_KEY, []);
  const tasks = asTasks(stored);
  const [text, setText] = useState('');
  const [editing, setEditing] = useState(null); // index of the task in the field

  const submit = (event) => {
    event.preventDefault();
    if (!text.trim()) return;
    setStored(editing === null ? addTask(tasks, text) : editTask(tasks, editing, text));
    setText('');
    setEditing(null);
  };

  const select = (index) => {
    setEditing(index);
    setText(tasks[index].text);
  };

  const remove = (index) => {
    setStored(removeTask(tasks, index));
    if (editing === index) {
      setEditing(null);
      setText('');
    } else if (editing !== null && index < editing) {
      setEditing(editing - 1);
    }
  };

  return (
    <Box sx={{ p: 2, maxWidth: 720, mx: 'auto' }} data-testid="todo-page">
      <Typography variant="h5" sx={{ mb: 2 }}>{t('todo.title')}</Typography>
      <Stack component="form" direction="row" spacing={1} onSubmit={submit} noValidate>
        <TextField fullWidth size="small" label={t('todo.newTask')} value={text} onChange={(e) => setText(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'todo-input', maxLength: 1000 } }} />
        <Button type="submit" variant="contained" data-testid="todo-submit">
          {editing === null ? t('todo.add') : t('todo.save')}
        </Button>
      </Stack>
      <Paper variant="outlined" sx={{ mt: 2 }}>
        <List disablePadding data-testid="todo-list">
          {tasks.length === 0 && (
            <Typography sx={{ p: 2 }} color="text.secondary" data-testid="todo-empty">{t('todo.empty')}</Typography>
          )}
          {tasks.map((task, index) => (
            <ListItem key={`${task.createdAt}-${index}`} divider disablePadding data-testid="todo-item"
              secondaryAction={(
                <>
                  <Tooltip title={t('common.edit')}>
                    <IconButton onClick={() => select(index)} data-testid="todo-edit" aria-label={t('common.edit')}>
                      <EditOutlinedIcon />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t('common.delete')}>
                    <IconButton onClick={() => remove(index)} data-testid="todo-delete" aria-label={t('common.delete')}>
                      <DeleteOutlineIcon />
                    </IconButton>
                  </Tooltip>
                </>
              )}>
              <ListItemButton selected={editing === index} onClick={() => select(index)} sx={{ pr: 12 }}>
                <ListItemText primary={task.text} secondary={t('todo.updatedAt', { time: formatChatTime(task.updatedAt) })}
                  slotProps={{ primary: { sx: { wordBreak: 'break-word' }, 'data-testid': 'todo-text' } }} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Paper>
    </Box>
  );
}
