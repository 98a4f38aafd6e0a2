const BASE_URL = (import.meta.env.VITE_BACKEND_URL || '').replace(/\/$/, '');
const TOKEN_KEY = 'token';
const REFRESH_PATH = '/auth/refresh_token';
export const COMPANY_BLOCKED = 'ERR_COMPANY_BLOCKED';

export class ApiError extends Error {
  constructor(status, body) {
    const data = body && typeof body === 'object' ? body : {};
    super(data.message || data.error || (typeof body === 'string' && body) || `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = data.error;
    this.fields = data.fields || {};
    this.data = body;
  }
}

const hooks = {
  onUnauthorized: () => window.location.assign('/login'),
  onSubscriptionExpired: () => window.location.assign('/financeiro-aberto'),
  onCompanyBlocked: () => window.location.assign('/login'),
  onTokenRefreshed: () => {},
};

/**
 * Lets the app decide what a lost session, an expired subscription, a blocked company or a
 * refreshed token means.
 */
export function configureApi(next) {
  Object.assign(hooks, next);
}

export const getToken = () => localStorage.getItem(TOKEN_KEY);

export function setToken(token) {
  if (token) localStorage.setItem(TOKEN_KEY, token);
  else localStorage.removeItem(TOKEN_KEY);
}

export function buildUrl(path, params) {
  const query = new URLSearchParams();
  Object.entries(params || {}).forEach(([key, value]) => {
    if (value !== undefined && value !== null) query.append(key, String(value));
  });
  const qs = query.toString();
  return `${BASE_URL}${path}${qs ? `?${qs}` : ''}`;
}

async function parseBody(res) {
  if (res.status === 204) return null;
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function send(method, path, { body, params, auth }) {
  const headers = { Accept: 'application/json' };
  const token = auth ? getToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;
  let payload = body;
  if (body !== undefined && !(body instanceof FormData)) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(buildUrl(path, params), { method, headers, body: payload, credentials: 'include' });
  return { res, data: await parseBody(res) };
}

let refreshing = null;

/** POST /auth/refresh_token (refresh cookie); concurrent callers share one request. */
export function refreshToken() {
  if (!refreshing) {
    refreshing = send('POST', REFRESH_PATH, { auth: false })
      .then(({ res, data }) => {
        if (!res.ok) throw new ApiError(res.status, data);
        setToken(data.token);
        hooks.onTokenRefreshed(data);
        return data;
      })
      .finally(() => {
        refreshing = null;
      });
  }
  return refreshing;
}

function loseSession(error) {
  setToken(null);
  hooks.onUnauthorized(error);
  throw error;
}

export async function request(method, path, { body, params, auth = true, retried = false } = {}) {
  const { res, data } = await send(method, path, { body, params, auth });
  if (res.ok) return data;
  const error = new ApiError(res.status, data);
  // The operator blocked the company: a fresh token changes nothing.
  if (auth && error.code === COMPANY_BLOCKED) {
    hooks.onCompanyBlocked(error);
    throw error;
  }
  if (auth && res.status === 403 && !retried) {
    try {
      await refreshToken();
    } catch (refreshError) {
      return loseSession(refreshError);
    }
    return request(method, path, { body, params, auth, retried: true });
  }
  if (auth && res.status === 401) return loseSession(error);
  if (auth && res.status === 402) hooks.onSubscriptionExpired(error);
  throw error;
}

const client = (auth) => ({
  get: (path, params) => request('GET', path, { params, auth }),
  post: (path, body, params) => request('POST', path, { body, params, auth }),
  put: (path, body, params) => request('PUT', path, { body, params, auth }),
  delete: (path, params) => request('DELETE', path, { params, auth }),
});

/**
 * Authenticated client: bearer token, 401 → logout, 403 → refresh and retry once (a blocked
 * company's 403 → onCompanyBlocked), 402 → expired.
 */
export const api = client(true);
/** Client for public endpoints (login, signup, password reset): no token, no session handling. */
export const publicApi = client(false);

/** SWR fetcher: a key is a path or [path, params]. */
export const fetcher = (key) => (Array.isArray(key) ? api.get(key[0], key[1]) : api.get(key));
