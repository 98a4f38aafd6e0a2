import { describe, expect, it, vi } from 'vitest';
import { FACEBOOK_API_VERSION, facebookAppId, facebookLogin, facebookScopes, loadFacebookSdk } from './facebookLogin';

describe('Facebook login', () => {
  it('uses Graph API 13.0 and the page-messaging scopes, plus Instagram when linking it', () => {
    expect(FACEBOOK_API_VERSION).toBe('v13.0');
    const pages = facebookScopes(false).split(',');
    expect(pages).toContain('pages_messaging');
    expect(pages).toContain('pages_show_list');
    expect(pages).not.toContain('instagram_manage_messages');
    expect(facebookScopes(true).split(',')).toEqual(expect.arrayContaining(['pages_messaging', 'instagram_basic', 'instagram_manage_messages']));
  });

  it('reads the app id from the build', () => {
    expect(facebookAppId({ VITE_FACEBOOK_APP_ID: '123' })).toBe('123');
    expect(facebookAppId({})).toBe('');
  });

  it('loads the SDK once, on demand, and initialises it with the version', async () => {
    const appended = [];
    const FB = { init: vi.fn() };
    const win = {};
    const doc = { createElement: () => ({ remove() {} }), body: { appendChild: (el) => appended.push(el) } };
    const loading = loadFacebookSdk('app-1', { win, doc });
    expect(appended).toHaveLength(1);
    expect(appended[0].src).toBe('https://connect.facebook.net/en_US/sdk.js');
    win.FB = FB;
    win.fbAsyncInit();
    expect(await loading).toBe(FB);
    expect(FB.init).toHaveBeenCalledWith(expect.objectContaining({ appId: 'app-1', version: 'v13.0' }));
    expect(await loadFacebookSdk('app-1', { win, doc })).toBe(FB);
    expect(appended).toHaveLength(1);
  });

  it('answers the user id and token, or null when the login is cancelled', async () => {
    const ok = { login: (cb, opts) => cb({ authResponse: { userID: 'u1', accessToken: 't1' }, opts }) };
    expect(await facebookLogin(ok, true)).toEqual({ facebookUserId: 'u1', facebookUserToken: 't1' });
    const login = vi.fn((cb) => cb({ status: 'unknown' }));
    expect(await facebookLogin({ login }, false)).toBeNull();
    expect(login.mock.calls[0][1].scope).toBe(facebookScopes(false));
  });
});
