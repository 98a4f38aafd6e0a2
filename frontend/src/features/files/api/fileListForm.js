/** The file list form (spec/3 §2, §3, §5): pure. */

export const MAX_FILE_BYTES = 20 * 1024 * 1024;
export const UPLOAD_BATCH = 5;

/**
 * The file picker's filter, as POST /files/uploadList takes them (sniffed images, video, audio,
 * documents and text; never HTML, SVG or scripts): the media kinds and the usual documents.
 */
export const FILE_ACCEPT = [
  'image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp', 'audio/*', 'video/*',
  '.pdf', '.doc', '.docx', '.xls', '.xlsx', '.ppt', '.pptx', '.odt', '.ods', '.odp', '.rtf', '.txt', '.csv', '.zip', '.rar', '.7z',
].join(',');

export const listToForm = (record) => ({
  name: record?.name || '',
  message: record?.message || '',
  options: (record?.options || []).map((o) => ({ id: o.id, name: o.name, url: o.url, path: o.path, file: null })),
});

/** Field errors: name min 3 ('nome muito curto'), name and message required, each option named. */
export function validateFileList(values) {
  const errors = {};
  const name = values.name.trim();
  if (!name) errors.name = 'validation.required';
  else if (name.length < 3) errors.name = 'files.validation.nameTooShort';
  else if (name.length > 100) errors.name = 'validation.tooLong';
  if (!values.message.trim()) errors.message = 'validation.required';
  if (values.options.some((o) => !o.name.trim())) errors.options = 'validation.required';
  if (values.options.some((o) => o.file && o.file.size > MAX_FILE_BYTES)) errors.options = 'files.validation.tooLarge';
  return errors;
}

export const fileListPayload = (values) => ({
  name: values.name.trim(),
  message: values.message.trim(),
  options: values.options.map((o) => (o.id ? { id: o.id, name: o.name.trim() } : { name: o.name.trim() })),
});

/**
 * The uploads after a save: each form option with a new file, matched to the saved option
 * (existing ones by id; new ones, which the server creates in order, by their order among the
 * saved options it did not know before).
 */
export function pendingUploads(values, saved) {
  const known = new Set(values.options.filter((o) => o.id).map((o) => o.id));
  const created = (saved?.options || []).filter((o) => !known.has(o.id));
  let next = 0;
  return values.options.flatMap((o) => {
    const optionId = o.id || created[next++]?.id;
    return o.file && optionId ? [{ optionId, file: o.file }] : [];
  });
}

/** Uploads in batches the server accepts; resolves the list as the last batch left it. */
export async function uploadAll(upload, id, uploads, saved) {
  let list = saved;
  for (let i = 0; i < uploads.length; i += UPLOAD_BATCH) {
    // eslint-disable-next-line no-await-in-loop
    list = await upload(id, uploads.slice(i, i + UPLOAD_BATCH));
  }
  return list;
}
