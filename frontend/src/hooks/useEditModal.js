import { useState } from 'react';

/**
 * The state of a list page's add/edit dialog: closed, open empty (add) or open on a record
 * (edit; a record or its id, whatever the dialog takes). saved(list) is where a saved record
 * goes: an edited one replaces its row, a new one joins the list.
 */
export default function useEditModal() {
  const [state, setState] = useState({ open: false, record: null });
  return {
    open: state.open,
    record: state.record,
    add: () => setState({ open: true, record: null }),
    edit: (record) => setState({ open: true, record }),
    close: () => setState({ open: false, record: null }),
    saved: (list) => (state.record ? list.update : list.upsert),
  };
}
