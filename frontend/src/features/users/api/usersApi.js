import { api, setToken } from '../../../services/api';

export const USERS_PATH = '/users/';
export const MIN_TICKETS_WIDTH = 404;
export const MAX_TICKETS_WIDTH = 700;

export const listUsers = (params) => api.get(USERS_PATH, params);
export const listAllUsers = () => api.get('/users/list');
export const getUser = (id) => api.get(`/users/${id}`);
export const createUser = (data) => api.post('/users', data);
/** A new password of one's own ends the other sessions; the answer then carries this one's new token. */
export const updateUser = (id, data) =>
  api.put(`/users/${id}`, data).then((user) => {
    if (user?.token) setToken(user.token);
    return user;
  });
export const deleteUser = (id) => api.delete(`/users/${id}`);

/** Multipart upload of a profile picture (field profileImage); answers the updated user. */
export function uploadUserAvatar(id, file) {
  const form = new FormData();
  form.append('userId', String(id));
  form.append('typeArch', 'user');
  form.append('profileImage', file);
  return api.post(`/users/${id}/media-upload`, form);
}

/** Saves the width of the tickets list (kept between 404 and 700 px). */
export function changeTicketsManagerWidth(userId, width) {
  const defaultTicketsManagerWidth = Math.min(MAX_TICKETS_WIDTH, Math.max(MIN_TICKETS_WIDTH, Math.round(width)));
  return api.put(`/users/toggleChangeWidht/${userId}`, { defaultTicketsManagerWidth });
}
