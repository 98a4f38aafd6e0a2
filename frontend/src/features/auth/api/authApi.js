import { api, publicApi } from '../../../services/api';

const segment = encodeURIComponent;

/** rememberMe keeps the refresh cookie across browser restarts (a session cookie otherwise). */
export const login = (email, password, rememberMe) => publicApi.post('/auth/login', { email, password, rememberMe });
export const logout = () => api.delete('/auth/logout');
export const getMe = () => api.get('/auth/me');
export const signup = (payload) => publicApi.post('/auth/signup', payload);
export const listPublicPlans = () => publicApi.get('/plans/list');
export const getPublicSetting = (key) => publicApi.get(`/public-settings/${segment(key)}`);
export const requestPasswordReset = (email) => publicApi.post(`/forgetpassword/${segment(email)}`);
export const resetPassword = (email, code, newPassword) =>
  publicApi.post(`/resetpasswords/${segment(email)}/${segment(code)}/${segment(newPassword)}`);
