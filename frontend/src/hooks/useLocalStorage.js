import { useCallback, useState } from 'react';

function read(key, initial) {
  const raw = localStorage.getItem(key);
  if (raw === null) return initial;
  try {
    return JSON.parse(raw);
  } catch {
    return initial;
  }
}

/** useState kept in localStorage as JSON. */
export default function useLocalStorage(key, initial) {
  const [value, setValue] = useState(() => read(key, initial));
  const update = useCallback(
    (next) => {
      localStorage.setItem(key, JSON.stringify(next));
      setValue(next);
    },
    [key],
  );
  return [value, update];
}
