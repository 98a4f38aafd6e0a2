import { useEffect, useState } from 'react';
import useDebouncedValue from '../../../hooks/useDebouncedValue';
import toastError from '../../../utils/toastError';
import { searchContacts } from '../api/ticketsApi';
import { asList } from '../utils/format';

export const CONTACT_SEARCH_MIN = 3;
export const CONTACT_SEARCH_DEBOUNCE = 500;

/** GET /contacts?searchParam= from 3 typed characters, 500 ms after the last key. */
export default function useContactSearch(text, { minChars = CONTACT_SEARCH_MIN } = {}) {
  const query = useDebouncedValue(String(text || '').trim(), CONTACT_SEARCH_DEBOUNCE);
  const [contacts, setContacts] = useState([]);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (query.length < minChars) {
      setContacts([]);
      return undefined;
    }
    let active = true;
    setLoading(true);
    searchContacts(query)
      .then((data) => active && setContacts(asList(data, 'contacts')))
      .catch((error) => active && toastError(error))
      .finally(() => active && setLoading(false));
    return () => {
      active = false;
    };
  }, [query, minChars]);

  return { contacts, loading, query };
}
