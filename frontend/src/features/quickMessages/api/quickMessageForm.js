/** Quick message rules (spec/3): shortcode required; who may edit. */

export const QUICK_MESSAGE_DEFAULTS = { shortcode: '', message: '', geral: false, visao: true };

/**
 * Whether the user may change a quick message: a new one, a shared one (geral), the owner's,
 * or one whose owner is gone when the user is an admin. A visao-only record of another user
 * shows with disabled fields.
 */
export function canEditQuickMessage(record, user) {
  if (!record) return true;
  if (record.geral) return true;
  if (record.userId != null) return record.userId === user?.id;
  return user?.profile === 'admin';
}

export function quickMessageToForm(record) {
  if (!record) return { ...QUICK_MESSAGE_DEFAULTS };
  return {
    shortcode: record.shortcode ?? '',
    message: record.message ?? '',
    geral: Boolean(record.geral),
    visao: record.visao === undefined ? true : Boolean(record.visao),
  };
}

/**
 * Field errors (i18n keys): the shortcode is required, and a quick answer needs a message
 * or a file (hasMedia: one chosen or kept), or picking it would send nothing.
 */
export function validateQuickMessage(values, { hasMedia = false } = {}) {
  const errors = {};
  if (!String(values.shortcode ?? '').trim()) errors.shortcode = 'validation.required';
  if (!String(values.message ?? '').trim() && !hasMedia) errors.message = 'quickMessages.modal.needsContent';
  return errors;
}

export const quickMessagePayload = (values) => ({
  shortcode: values.shortcode.trim(),
  message: values.message,
  geral: Boolean(values.geral),
  visao: Boolean(values.visao),
});

/** What to do with the media after saving: upload a chosen file, or delete a removed one. */
export function mediaAction({ file, removed, hadMedia }) {
  if (file) return 'upload';
  if (removed && hadMedia) return 'delete';
  return 'none';
}

/** Name of the record's media file, if any (isMedia false means none, whatever URL fields remain). */
export function mediaNameOf(record) {
  if (!record || record.isMedia === false) return '';
  return record.mediaName || (record.mediaPath ? String(record.mediaPath).split('/').pop().split('?')[0] : '');
}
