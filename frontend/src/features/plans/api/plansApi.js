import { api } from '../../../services/api';

export const PLANS_PATH = '/plans/all';

/** The plan flags, as the server and spec/2 spell them, in the form's order. */
export const PLAN_FLAGS = [
  'useWhatsapp', 'useFacebook', 'useInstagram', 'useCampaigns', 'useSchedules',
  'useInternalChat', 'useExternalApi', 'useKanban', 'useOpenAi', 'useIntegrations',
];
export const PLAN_LIMITS = ['users', 'connections', 'queues'];

export const listPlans = () => api.get(PLANS_PATH);
export const createPlan = (data) => api.post('/plans', data);
export const updatePlan = (id, data) => api.put(`/plans/${id}`, data);
export const deletePlan = (id) => api.delete(`/plans/${id}`);

export const EMPTY_PLAN = {
  name: '', users: 1, connections: 1, queues: 1, amount: 0, isPublic: true,
  ...Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, flag === 'useWhatsapp'])),
};

/** A plan row as the form edits it (every field, numbers as typed). */
export const planToForm = (plan) =>
  Object.fromEntries(Object.keys(EMPTY_PLAN).map((key) => [key, plan?.[key] ?? EMPTY_PLAN[key]]));

/** The form as the server takes it: numbers as numbers, every flag a boolean. */
export function formToPlan(values) {
  const out = { ...values, name: String(values.name || '').trim(), amount: Number(values.amount) || 0 };
  PLAN_LIMITS.forEach((key) => { out[key] = Number.parseInt(values[key], 10) || 0; });
  PLAN_FLAGS.forEach((flag) => { out[flag] = Boolean(values[flag]); });
  out.isPublic = Boolean(values.isPublic);
  return out;
}

/** Brazilian currency with 2 decimals (spec/2 §9). */
export const formatAmount = (value) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(Number(value) || 0);
