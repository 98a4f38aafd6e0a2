/**
 * Facebook login for Messenger and Instagram connections (spec/2 §2): Graph API version 13.0,
 * page-messaging scopes, plus the Instagram ones when Instagram is linked too. The SDK is
 * loaded only when the button is clicked.
 */

export const FACEBOOK_API_VERSION = 'v13.0';
export const SDK_URL = 'https://connect.facebook.net/en_US/sdk.js';

const PAGE_SCOPES = ['public_profile', 'pages_messaging', 'pages_show_list', 'pages_manage_metadata', 'pages_read_engagement', 'business_management'];
const INSTAGRAM_SCOPES = ['instagram_basic', 'instagram_manage_messages'];

export const facebookScopes = (addInstagram) => [...PAGE_SCOPES, ...(addInstagram ? INSTAGRAM_SCOPES : [])].join(',');

export const facebookAppId = (env = import.meta.env) => env.VITE_FACEBOOK_APP_ID || '';

let loading = null;

/** Loads and initialises the SDK once; resolves with window.FB. */
export function loadFacebookSdk(appId, { win = window, doc = document } = {}) {
  if (win.FB) return Promise.resolve(win.FB);
  if (!loading) {
    loading = new Promise((resolve, reject) => {
      win.fbAsyncInit = () => {
        win.FB.init({ appId, cookie: false, xfbml: false, version: FACEBOOK_API_VERSION });
        resolve(win.FB);
      };
      const script = doc.createElement('script');
      script.src = SDK_URL;
      script.async = true;
      script.onerror = () => {
        loading = null;
        script.remove();
        reject(new Error('facebook-sdk'));
      };
      doc.body.appendChild(script);
    });
  }
  return loading;
}

/** Opens the login popup; resolves with { facebookUserId, facebookUserToken } or null when cancelled. */
export function facebookLogin(FB, addInstagram) {
  return new Promise((resolve) => {
    FB.login((response) => {
      const auth = response?.authResponse;
      resolve(auth?.accessToken ? { facebookUserId: auth.userID, facebookUserToken: auth.accessToken } : null);
    }, { scope: facebookScopes(addInstagram), return_scopes: true });
  });
}
