import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import useSocketEvent from '../../../hooks/useSocketEvent';
import { socket } from '../../../services/socket';
import { toast } from '../../../services/toast';
import { getMe } from '../api/authApi';

export const TAKEOVER_FLAG = 'sessionTakenOver';
const RELOAD_DELAY = 1000;

/** True when an auth event says this user signed in elsewhere (a newer token version). */
export const isTakeover = (data, user) =>
  data?.action === 'update' && Boolean(user) && data.user?.id === user.id && data.tokenVersion !== user.tokenVersion;

/** True when the server closed the socket because the company's subscription ended. */
export const isSubscriptionClose = (event) => event?.reason === 'ERR_SUBSCRIPTION_EXPIRED';

/** True when the server closed the socket because the operator blocked the company. */
export const isBlockedClose = (event) => event?.reason === 'ERR_COMPANY_BLOCKED';

/**
 * Real-time events about the signed-in user: session takeover and profile changes. When the
 * server drops the socket, the session is checked too: a revoked one ends like a takeover,
 * an ended subscription leads to its page, as a 402 does, and a blocked company ends the
 * session (onBlocked), as its REST answers do.
 */
export default function useSessionEvents(user, setUser, onBlocked) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ended = useRef(false);
  const companyId = user?.companyId ?? user?.company?.id;

  const endTakenOverSession = () => {
    if (ended.current) return;
    ended.current = true;
    toast.warning(t('auth.takeover'));
    localStorage.clear();
    sessionStorage.setItem(TAKEOVER_FLAG, '1');
    setTimeout(() => window.location.reload(), RELOAD_DELAY);
  };
  const endRef = useRef(endTakenOverSession);
  const navigateRef = useRef(navigate);
  const blockedRef = useRef(onBlocked);
  useEffect(() => {
    endRef.current = endTakenOverSession;
    navigateRef.current = navigate;
    blockedRef.current = onBlocked;
  });

  useEffect(
    () =>
      socket.onDrop((event) => {
        if (isSubscriptionClose(event)) {
          navigateRef.current('/financeiro-aberto');
          return;
        }
        if (isBlockedClose(event)) {
          blockedRef.current?.();
          return;
        }
        getMe().catch((error) => {
          if (error.status === 401) endRef.current();
        });
      }),
    [],
  );

  useSocketEvent(companyId ? `company-${companyId}-auth` : null, (data) => {
    if (isTakeover(data, user)) endTakenOverSession();
  });

  useSocketEvent(companyId ? `company-${companyId}-user` : null, (data) => {
    if (data?.action !== 'update' || !user || data.user?.id !== user.id) return;
    const { tokenVersion, company, ...changes } = data.user;
    setUser((current) => current && { ...current, ...changes });
  });
}
