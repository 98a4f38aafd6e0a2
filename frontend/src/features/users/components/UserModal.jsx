import { useState } from 'react';
import useSWR from 'swr';
import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import FormDialog from '../../../components/FormDialog';
import useForm from '../../../hooks/useForm';
import useFreshRecord from '../../../hooks/useFreshRecord';
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

/** Add (userId null) or edit a user, read afresh (GET /users/{id}) each time it opens. */
function UserForm({ userId, onClose, onSaved }) {
  const { t } = useTranslation();
  const { user: me } = useAuth();
  const isNew = !userId;
  const canSetSuper = isSuper(me);
  const form = useForm(userToForm(null));
  const { loading } = useFreshRecord(userId, getUser, { onLoaded: (user) => form.setValues(userToForm(user)), onFailed: onClose });
  const { data } = useSWR('/queue');
  const queues = Array.isArray(data) ? data : null;
  const [tab, setTab] = useState('general');

  const validate = () => {
    if (form.check(schemaFor(isNew))) return true;
    setTab('general');
    return false;
  };

  const save = () => {
    const payload = formToPayload(form.values, { canSetSuper, withQueues: Boolean(queues) });
    return isNew ? createUser(payload) : updateUser(userId, payload);
  };

  const showServerErrors = (error) => {
    form.applyServerErrors(error);
    if (Object.keys(error.fields || {}).some((field) => GENERAL_FIELDS.includes(field))) setTab('general');
  };

  return (
    <FormDialog
      testId="user"
      title={isNew ? t('userModal.addTitle') : t('userModal.editTitle')}
      tabs={[
        { value: 'general', label: t('userModal.tabs.general') },
        { value: 'permissions', label: t('userModal.tabs.permissions') },
      ]}
      tab={tab}
      onTabChange={setTab}
      loading={loading}
      adding={isNew}
      validate={validate}
      onSubmit={save}
      onError={showServerErrors}
      successMessage={t('users.saved')}
      onSaved={onSaved}
      onClose={onClose}
      dirty={form.dirty}
    >
      <Box hidden={tab !== 'general'}><UserGeneralFields form={form} isNew={isNew} queues={queues} /></Box>
      <Box hidden={tab !== 'permissions'}><UserPermissionFields form={form} canSetSuper={canSetSuper} /></Box>
    </FormDialog>
  );
}

export default function UserModal({ open, userId, onClose, onSaved }) {
  return open ? <UserForm key={userId ?? 'new'} userId={userId} onClose={onClose} onSaved={onSaved} /> : null;
}
