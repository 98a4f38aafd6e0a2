import { useState } from 'react';
import useDebouncedValue, { DEBOUNCE_MS } from './useDebouncedValue';

/**
 * A list page's search box: the text as typed, and the param its list sends, trimmed (and
 * normalised, e.g. lowercased) once typing has stopped for 500 ms.
 */
export default function useSearchText(normalise = (text) => text) {
  const [text, setText] = useState('');
  const param = useDebouncedValue(normalise(text.trim()), DEBOUNCE_MS);
  return { text, setText, param };
}
