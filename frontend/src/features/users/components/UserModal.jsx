import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Tab, Tabs } from '@mui/material';
import { useTranslation } from 'react-i18next';
import useForm from '../../../hooks/useForm';
import { toast } from '../../../services/toast';
import toastError from '../../../utils/toastError';
import { isSuper } from '../../../utils/permissions';
import { useAuth } from '../../auth/hooks/useAuth';
import { createUser, getUser, updateUser } from '../api/usersApi';
import { formToPayload, userToForm } from '../api/userPayload';
import UserGeneralFields from './UserGeneralFields';
import UserPermissionFields from './UserPermissionFields';

const GENERAL_FIELDS = ['name', 'password', 'email', 'profile', 'queueIds', 'startWork', 'endWork', 'farewellMessage'];

const schemaFor = (isNew) => ({
  name: { required: true, min: 2, max: 50 },
  password: { required: isNew, min: 5, max: 50 },
  email: { required: true, email: true },
});

function UserForm({ user, onClose, onSaved }) {
  const { t } = useTranslation();
  const { user: me } = useAuth();
  const isNew = !user;
  const canSetSuper = isSuper(me);
  const form = useForm(userToForm(user));
  const { data } = useSWR('/queue');
  const queues = Array.isArray(data) ? data : null;
  const [tab, setTab] = useState('general');
  const [saving, setSaving] = useState(false);

  const showFirstError = (errors) => {
    if (Object.keys(errors).some((field) => GENERAL_FIELDS.includes(field))) setTab('general');
  };

  const onSubmit = async (event) => {
    event.preventDefault();
    if (!form.check(schemaFor(isNew))) {
      setTab('general');
      return;
    }
    setSaving(true);
    try {
      const payload = formToPayload(form.values, { canSetSuper, withQueues: Boolean(queues) });
      const saved = isNew ? await createUser(payload) : await updateUser(user.id, payload);
      toast.success(t('users.saved'));
      onSaved(saved);
      onClose();
    } catch (error) {
      form.applyServerErrors(error);
      showFirstError(error.fields || {});
      toastError(error);
      setSaving(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate data-testid="user-form">
      <DialogTitle>{isNew ? t('userModal.addTitle') : t('userModal.editTitle')}</DialogTitle>
      <DialogContent dividers>
        <Tabs value={tab} onChange={(_, value) => setTab(value)} variant="fullWidth">
          <Tab value="general" label={t('userModal.tabs.general')} data-testid="user-tab-general" />
          <Tab value="permissions" label={t('userModal.tabs.permissions')} data-testid="user-tab-permissions" />
        </Tabs>
        <Box hidden={tab !== 'general'}><UserGeneralFields form={form} isNew={isNew} queues={queues} /></Box>
        <Box hidden={tab !== 'permissions'}><UserPermissionFields form={form} canSetSuper={canSetSuper} /></Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="user-cancel">{t('common.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={saving} data-testid="user-save">
          {isNew ? t('common.add') : t('common.save')}
        </Button>
      </DialogActions>
    </form>
  );
}

/** Reads the user to edit afresh (GET /users/{id}) each time the modal opens; null while loading. */
function useUserToEdit(userId, onFail) {
  const [user, setUser] = useState(null);
  useEffect(() => {
    let live = true;
    getUser(userId)
      .then((fresh) => live && setUser(fresh))
      .catch((error) => {
        if (!live) return;
        toastError(error);
        onFail();
      });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opened user
  }, [userId]);
  return user;
}

function EditUserForm({ userId, onClose, onSaved }) {
  const user = useUserToEdit(userId, onClose);
  if (!user) return <CircularProgress sx={{ m: 4, alignSelf: 'center' }} />;
  return <UserForm user={user} onClose={onClose} onSaved={onSaved} />;
}

/** Add (userId null) or edit a user. */
export default function UserModal({ open, userId, onClose, onSaved }) {
  let content = null;
  if (open && userId) content = <EditUserForm key={userId} userId={userId} onClose={onClose} onSaved={onSaved} />;
  else if (open) content = <UserForm user={null} onClose={onClose} onSaved={onSaved} />;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid="user-modal">
      {content}
    </Dialog>
  );
}
