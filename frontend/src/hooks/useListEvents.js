import useCompanyEvent from './useCompanyEvent';

/**
 * Applies a list page's company-{id}-{event} frames to its list ({ upsert, update, remove }):
 * create adds the record on top (not while the list is filtered: it may not match), update
 * changes a listed record, delete removes one. The record travels as data[item], a deleted
 * id as data[idKey] (or the record's id).
 */
export default function useListEvents(event, list, { filtered = false, item = event, idKey = `${event}Id` } = {}) {
  useCompanyEvent(event, (data) => {
    const record = data?.[item];
    if (data?.action === 'create' && record && !filtered) list.upsert(record);
    if (data?.action === 'update' && record) list.update(record);
    if (data?.action === 'delete') list.remove(data[idKey] ?? record?.id);
  });
}
