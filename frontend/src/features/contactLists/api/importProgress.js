/** Import states (pkg/contactlist). */
export const ACTIVE = ['pending', 'reading', 'checking'];

export const isActive = (im) => Boolean(im && ACTIVE.includes(im.status));

/**
 * What the progress bar shows for an import: phase (the status), percent (null: unknown, an
 * indeterminate bar) and whether it ended.
 */
export function progressOf(im) {
  if (!im) return null;
  const done = im.status === 'done' || im.status === 'failed';
  let percent = null;
  if (im.status === 'reading' && im.percent > 0) percent = im.percent;
  if (im.status === 'checking') percent = im.toCheck > 0 ? Math.min(100, Math.round((im.checked * 100) / im.toCheck)) : null;
  if (done) percent = 100;
  return { phase: im.status, percent, done, failed: im.status === 'failed' };
}

/** The newer of two records of the same import (events may arrive out of order). */
export function newerImport(current, next) {
  if (!next) return current;
  if (!current || current.id !== next.id) return !current || next.id > current.id ? next : current;
  return new Date(next.updatedAt) >= new Date(current.updatedAt) ? next : current;
}

/** A job of the list: a spreadsheet import, or a re-check of its numbers (kind 'check'). */
export const isCheck = (im) => im?.kind === 'check';
