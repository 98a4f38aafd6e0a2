import useSWR from 'swr';

/** GET /version → "4.1.0" (undefined while loading or when unavailable). */
export default function useVersion() {
  const { data } = useSWR('/version');
  return data?.version;
}
