import { api } from '../../../services/api';

export const COMPANIES_PATH = '/companiesPlan/';
export const RECURRENCES = ['MENSAL', 'BIMESTRAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'];
/** The main company (the operator's) never expires and can't be blocked or deleted. */
export const MAIN_COMPANY_ID = 1;
/** How often the table asks for a deletion's progress while one runs. */
export const DELETE_POLL_MS = 2000;

export const getCompany = (id) => api.get(`/companies/${id}`);
export const createCompany = (data) => api.post('/companies', data);
export const updateCompany = (id, data) => api.put(`/companies/${id}`, data);
export const setCompanyStatus = (id, status) => api.put(`/companies/${id}`, { status });
export const deleteCompany = (id) => api.delete(`/companies/${id}`);
export const measureCompanyFolder = (id) => api.post(`/companies/${id}/folder`);

const FIELDS = ['name', 'email', 'phone', 'password', 'document', 'addressStreet', 'addressState', 'addressCity',
  'planId', 'status', 'dueDate', 'recurrence', 'paymentMethod'];

export const EMPTY_COMPANY = {
  name: '', email: '', phone: '', password: '', document: '', addressStreet: '', addressState: '', addressCity: '',
  planId: '', status: true, dueDate: '', recurrence: 'MENSAL', paymentMethod: '',
};

export const companyToForm = (company) => ({
  ...EMPTY_COMPANY,
  ...Object.fromEntries(FIELDS.filter((key) => company?.[key] !== undefined && company?.[key] !== null)
    .map((key) => [key, company[key]])),
  password: '',
  dueDate: company?.dueDate ? String(company.dueDate).slice(0, 10) : '',
});

/** The form as the server takes it: an empty due date is null (spec/2 §5), an empty password is left out. */
export function formToCompany(values) {
  const out = Object.fromEntries(FIELDS.map((key) => [key, values[key]]));
  out.name = String(values.name || '').trim();
  out.email = String(values.email || '').trim().toLowerCase();
  out.planId = values.planId === '' ? null : Number(values.planId);
  out.dueDate = values.dueDate || null;
  out.status = Boolean(values.status);
  if (!values.password) delete out.password;
  return out;
}

/** Bytes as B, KB, MB or GB with one decimal. */
export function formatBytes(bytes) {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = Number(bytes) || 0;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${units[unit]}`;
}

/** dd/MM/yyyy HH:mm of a timestamp, or '' without one. */
export function formatDateTime(value) {
  if (!value) return '';
  const d = new Date(value);
  const pad = (n) => String(n).padStart(2, '0');
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
