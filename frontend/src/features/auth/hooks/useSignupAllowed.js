import useSWR from 'swr';
import { getPublicSetting } from '../api/authApi';

/** The public setting allowSignup (GET /public-settings/allowSignup): may visitors sign a company up? */
export default function useSignupAllowed() {
  const { data, error, isLoading } = useSWR('public:allowSignup', () => getPublicSetting('allowSignup'));
  return { allowed: !error && data?.value === 'enabled', loading: isLoading };
}
