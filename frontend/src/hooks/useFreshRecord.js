import { useEffect, useState } from 'react';
import toastError from '../utils/toastError';

/**
 * The record an edit dialog works on, read afresh (load(id)) each time the dialog opens, so it
 * never edits a stale list row. onLoaded(record) runs before it shows (e.g. to fill the form);
 * a failed read is toasted and onFailed() runs (e.g. to close). No id: nothing to read.
 */
export default function useFreshRecord(id, load, { onLoaded, onFailed } = {}) {
  const [record, setRecord] = useState(null);
  const [loading, setLoading] = useState(Boolean(id));
  useEffect(() => {
    if (!id) return undefined;
    let live = true;
    load(id)
      .then((fresh) => {
        if (!live) return;
        onLoaded?.(fresh);
        setRecord(fresh);
        setLoading(false);
      })
      .catch((error) => {
        if (!live) return;
        toastError(error);
        onFailed?.();
      });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opened record
  }, [id]);
  return { record, loading };
}
