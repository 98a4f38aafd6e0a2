import { api } from '../../../services/api';

/** GET/PUT /companies/{id}/schedules answer { id, schedules: [entry] } (pkg/hours entries). */
export const companySchedulesPath = (companyId) => `/companies/${companyId}/schedules`;
export const updateCompanySchedules = (companyId, schedules) => api.put(companySchedulesPath(companyId), { schedules });
