import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import { useTranslation } from 'react-i18next';
import { configureApi, getToken, refreshToken, setToken } from '../../../services/api';
import { socket } from '../../../services/socket';
import { toast } from '../../../services/toast';
import { useColorMode } from '../../../theme/ColorModeProvider';
import { formatDate, isCompanyBlocked, isSubscriptionActive } from '../../../utils/dueDate';
import * as authApi from '../api/authApi';
import { LANDING_PATH } from '../api/landing';
import useSessionEvents, { TAKEOVER_FLAG } from './useSessionEvents';

const AuthContext = createContext(null);

/**
 * Restores the session through the refresh cookie once, unless it was just taken over elsewhere.
 * Only a browser that signed in (a token kept) asks: a visitor's page makes no call that can only
 * answer 401 (the refresh cookie is out of the page's reach).
 */
function restoreSession() {
  if (sessionStorage.getItem(TAKEOVER_FLAG)) {
    sessionStorage.removeItem(TAKEOVER_FLAG);
    return Promise.reject(new Error('session taken over'));
  }
  if (!getToken()) return Promise.reject(new Error('signed out'));
  return refreshToken();
}

export function AuthProvider({ children }) {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const { applyDefault } = useColorMode();
  const [user, setUser] = useState(null);
  const [loading, setLoading] = useState(true);
  const { mutate } = useSWRConfig();

  const endSession = useCallback(() => {
    setToken(null);
    setUser(null);
    mutate(() => true, undefined, { revalidate: false });
  }, [mutate]);

  // The operator blocked the company: say so and end the session (signing in again is refused
  // until it is unblocked).
  const endBlockedSession = useCallback(() => {
    toast.error(t('companies.blockedNotice'));
    socket.disconnect();
    endSession();
    navigate('/login');
  }, [endSession, navigate, t]);

  useEffect(() => {
    configureApi({
      onUnauthorized: () => {
        endSession();
        navigate('/login');
      },
      onSubscriptionExpired: () => navigate('/financeiro-aberto'),
      onCompanyBlocked: () => endBlockedSession(),
      onTokenRefreshed: (data) => setUser(data.user),
    });
  }, [endSession, navigate, endBlockedSession]);

  useEffect(() => {
    restoreSession()
      .then((data) => {
        applyDefault(data.user?.defaultTheme);
        if (!isSubscriptionActive(data.user?.company)) navigate('/financeiro-aberto');
      })
      .catch(() => setToken(null))
      .finally(() => setLoading(false));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once at start
  }, []);

  useEffect(() => {
    if (!user?.id) return undefined;
    socket.connect();
    socket.joinNotification();
    return () => socket.disconnect();
  }, [user?.id]);

  useSessionEvents(user, setUser, endBlockedSession);

  const handleLogin = useCallback(
    async ({ email, password, rememberMe = true }, from = LANDING_PATH) => {
      const data = await authApi.login(email.trim().toLowerCase(), password, rememberMe);
      const company = data.user?.company;
      if (isCompanyBlocked(company)) {
        toast.error(t('companies.blockedNotice'));
        return;
      }
      if (!isSubscriptionActive(company)) {
        // Signed in all the same: the server lets billing through, so the company can pay.
        setToken(data.token);
        setUser(data.user);
        toast.error(t('auth.subscriptionExpired', { date: formatDate(company?.dueDate) }));
        navigate('/financeiro-aberto', { state: { dueDate: company?.dueDate } });
        return;
      }
      setToken(data.token);
      setUser(data.user);
      applyDefault(data.user.defaultTheme);
      navigate(from, { replace: true });
    },
    [navigate, t, applyDefault],
  );

  const handleLogout = useCallback(async () => {
    socket.disconnect();
    try {
      await authApi.logout();
    } catch {
      // The server session may already be gone; the local one is ended below either way.
    }
    endSession();
    navigate('/login');
  }, [endSession, navigate]);

  const value = useMemo(
    () => ({ user, setUser, isAuth: Boolean(user), loading, handleLogin, handleLogout }),
    [user, loading, handleLogin, handleLogout],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export const useAuth = () => useContext(AuthContext);
