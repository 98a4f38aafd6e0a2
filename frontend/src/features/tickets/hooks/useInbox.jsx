import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../services/toast';
import toastError from '../../../utils/toastError';
import { useAuth } from '../../auth/hooks/useAuth';
import { updateTicket } from '../api/ticketsApi';
import OwnerConflictDialog from '../components/OwnerConflictDialog';
import { parseOwnerConflict } from '../utils/format';

const InboxContext = createContext(null);

/**
 * State shared by the list and the conversation: the active tab (so accepting a ticket shows
 * the Atendendo tab) and the owner-conflict dialog of accept/create/reopen.
 */
export function InboxProvider({ children }) {
  const navigate = useNavigate();
  const { user } = useAuth();
  const [tab, setTab] = useState('open');
  const [conflict, setConflict] = useState(null);

  /** Handles a 409 owner conflict; true when the error was one. */
  const handleConflict = useCallback(
    (error) => {
      const info = parseOwnerConflict(error);
      if (!info) return false;
      if (info.userId != null && Number(info.userId) === user?.id) {
        if (info.uuid) navigate(`/tickets/${info.uuid}`);
      } else {
        setConflict(info);
      }
      return true;
    },
    [navigate, user?.id],
  );

  const value = useMemo(() => ({ tab, setTab, handleConflict }), [tab, handleConflict]);

  return (
    <InboxContext.Provider value={value}>
      {children}
      <OwnerConflictDialog info={conflict} onClose={() => setConflict(null)} />
    </InboxContext.Provider>
  );
}

export const useInbox = () => useContext(InboxContext);

/**
 * PUT /tickets/{id} for the status buttons, with the shared error handling: the owner
 * conflict dialog, the requiredTag warning and the error toast. Answers the updated ticket or
 * null when it failed.
 */
export function useTicketUpdate() {
  const { t } = useTranslation();
  const inbox = useInbox();
  const [busy, setBusy] = useState(false);

  const run = useCallback(
    async (ticket, body) => {
      setBusy(true);
      try {
        const updated = await updateTicket(ticket.id, body);
        return updated || { ...ticket, ...body };
      } catch (error) {
        if (inbox?.handleConflict(error)) return null;
        if (error?.code === 'ERR_REQUIRED_TAG') toast.warning(t('tickets.requiredTag'));
        else toastError(error);
        return null;
      } finally {
        setBusy(false);
      }
    },
    [inbox, t],
  );

  return { run, busy };
}
