import { api } from '../../../services/api';

export const SETTINGS_PATH = '/settings';

export const listSettings = () => api.get(SETTINGS_PATH);
export const updateSetting = (key, value) => api.put(`/settings/${encodeURIComponent(key)}`, { value });
export const getSetting = (key) => api.get(`/setting/${encodeURIComponent(key)}`);
export const getCompanySettings = (companyId) => api.get(`/companySettings/${companyId}`);
export const getCompanySetting = (column) => api.get('/companySettingOne', { column });
export const updateCompanySetting = (column, data) => api.put('/companySettings', { column, data });
