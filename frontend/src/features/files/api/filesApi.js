import { api } from '../../../services/api';

export const FILES_PATH = '/files';

export const createFileList = (data) => api.post('/files', data);
export const updateFileList = (id, data) => api.put(`/files/${id}`, data);
export const deleteFileList = (id) => api.delete(`/files/${id}`);

/** POST /files/uploadList/{id}: each file with the id of its option, in order. */
export function uploadListFiles(id, uploads) {
  const form = new FormData();
  form.append('typeArch', 'fileList');
  form.append('fileId', String(id));
  uploads.forEach(({ optionId, file }) => {
    form.append('files', file);
    form.append('id', String(optionId));
    form.append('mediaType', file.type || '');
    form.append('name', file.name || '');
  });
  return api.post(`/files/uploadList/${id}`, form);
}
