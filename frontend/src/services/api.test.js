import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, buildUrl, configureApi, getToken, publicApi, refreshToken, setToken } from './api';

const json = (status, body) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

const authHeader = (call) => call[1].headers.Authorization;

describe('api client', () => {
  let fetchMock;
  let hooks;

  beforeEach(() => {
    localStorage.clear();
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    hooks = { onUnauthorized: vi.fn(), onSubscriptionExpired: vi.fn(), onCompanyBlocked: vi.fn(), onTokenRefreshed: vi.fn() };
    configureApi(hooks);
    setToken('old-token');
  });

  afterEach(() => vi.unstubAllGlobals());

  it('sends the bearer token, cookies and a JSON body', async () => {
    fetchMock.mockResolvedValueOnce(json(201, { id: 7 }));
    await expect(api.post('/users', { name: 'Ana' })).resolves.toEqual({ id: 7 });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/users');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.headers.Authorization).toBe('Bearer old-token');
    expect(init.headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(init.body)).toEqual({ name: 'Ana' });
  });

  it('passes FormData untouched and answers null for 204', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    const form = new FormData();
    form.append('profileImage', 'x');
    await expect(api.post('/users/1/media-upload', form)).resolves.toBeNull();
    const init = fetchMock.mock.calls[0][1];
    expect(init.body).toBe(form);
    expect(init.headers['Content-Type']).toBeUndefined();
  });

  it('on 401 clears the token, reports the lost session and rejects with the error code', async () => {
    fetchMock.mockResolvedValueOnce(json(401, { error: 'ERR_SESSION_EXPIRED', message: 'Sessão expirada' }));
    const error = await api.get('/auth/me').catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(401);
    expect(error.code).toBe('ERR_SESSION_EXPIRED');
    expect(getToken()).toBeNull();
    expect(hooks.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('on 403 refreshes the token once, stores it and retries with it', async () => {
    fetchMock
      .mockResolvedValueOnce(json(403, { error: 'ERR_SESSION_EXPIRED' }))
      .mockResolvedValueOnce(json(200, { token: 'new-token', user: { id: 1 } }))
      .mockResolvedValueOnce(json(200, [{ key: 'userRating', value: 'enabled' }]));

    await expect(api.get('/settings')).resolves.toEqual([{ key: 'userRating', value: 'enabled' }]);

    const calls = fetchMock.mock.calls;
    expect(calls).toHaveLength(3);
    expect(calls[1][0]).toBe('/auth/refresh_token');
    expect(calls[1][1].method).toBe('POST');
    expect(calls[1][1].credentials).toBe('include');
    expect(authHeader(calls[0])).toBe('Bearer old-token');
    expect(authHeader(calls[2])).toBe('Bearer new-token');
    expect(getToken()).toBe('new-token');
    expect(hooks.onTokenRefreshed).toHaveBeenCalledWith({ token: 'new-token', user: { id: 1 } });
  });

  it('retries only once: a second 403 is returned to the caller', async () => {
    fetchMock
      .mockResolvedValueOnce(json(403, { error: 'ERR_NO_PERMISSION', message: 'Sem permissão' }))
      .mockResolvedValueOnce(json(200, { token: 'new-token', user: { id: 1 } }))
      .mockResolvedValueOnce(json(403, { error: 'ERR_NO_PERMISSION', message: 'Sem permissão' }));

    const error = await api.get('/users/').catch((e) => e);
    expect(error.status).toBe(403);
    expect(error.code).toBe('ERR_NO_PERMISSION');
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(hooks.onUnauthorized).not.toHaveBeenCalled();
  });

  it('ends the session when the refresh after a 403 fails', async () => {
    fetchMock
      .mockResolvedValueOnce(json(403, { error: 'ERR_SESSION_EXPIRED' }))
      .mockResolvedValueOnce(json(401, { error: 'ERR_SESSION_EXPIRED' }));

    const error = await api.get('/users/').catch((e) => e);
    expect(error.status).toBe(401);
    expect(getToken()).toBeNull();
    expect(hooks.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('shares one refresh between concurrent callers', async () => {
    fetchMock.mockResolvedValue(json(200, { token: 'shared', user: { id: 1 } }));
    const [a, b] = await Promise.all([refreshToken(), refreshToken()]);
    expect(a).toEqual(b);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reports an expired subscription on 402', async () => {
    fetchMock.mockResolvedValueOnce(json(402, { error: 'ERR_SUBSCRIPTION_EXPIRED' }));
    const error = await api.get('/users/').catch((e) => e);
    expect(error.code).toBe('ERR_SUBSCRIPTION_EXPIRED');
    expect(hooks.onSubscriptionExpired).toHaveBeenCalledTimes(1);
    expect(getToken()).toBe('old-token');
  });

  it('reports a blocked company at once, without a refresh or a retry', async () => {
    fetchMock.mockResolvedValueOnce(json(403, { error: 'ERR_COMPANY_BLOCKED' }));
    const error = await api.get('/tickets').catch((e) => e);
    expect(error.code).toBe('ERR_COMPANY_BLOCKED');
    expect(hooks.onCompanyBlocked).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('keeps public calls free of token and session handling', async () => {
    fetchMock.mockResolvedValueOnce(json(401, { error: 'ERR_INVALID_CREDENTIALS', message: 'Erro' }));
    const error = await publicApi.post('/auth/login', { email: 'a@b.co', password: 'x' }).catch((e) => e);
    expect(error.code).toBe('ERR_INVALID_CREDENTIALS');
    expect(fetchMock.mock.calls[0][1].headers.Authorization).toBeUndefined();
    expect(hooks.onUnauthorized).not.toHaveBeenCalled();
    expect(getToken()).toBe('old-token');
  });

  it('keeps server field errors on the error', async () => {
    fetchMock.mockResolvedValueOnce(json(400, { error: 'ERR_VALIDATION', message: 'Dados inválidos', fields: { email: 'Email inválido' } }));
    const error = await api.post('/users', {}).catch((e) => e);
    expect(error.fields).toEqual({ email: 'Email inválido' });
    expect(error.message).toBe('Dados inválidos');
  });

  it('builds query strings without empty parameters', () => {
    expect(buildUrl('/users/', { searchParam: 'ana maria', pageNumber: 2, x: undefined, y: null })).toBe(
      '/users/?searchParam=ana+maria&pageNumber=2',
    );
    expect(buildUrl('/version')).toBe('/version');
  });
});
