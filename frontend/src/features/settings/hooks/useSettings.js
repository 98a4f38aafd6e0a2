import { useCallback, useMemo } from 'react';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../services/toast';
import toastError, { ERROR_TOAST_DURATION } from '../../../utils/toastError';
import { SETTINGS_PATH, updateSetting } from '../api/settingsApi';
import { settingRefusal } from '../api/settingsCatalog';

function withSetting(list = [], setting) {
  const found = list.some((item) => item.key === setting.key);
  return found ? list.map((item) => (item.key === setting.key ? { ...item, ...setting } : item)) : [...list, setting];
}

/** GET /settings as { key: value } plus save(key, value) → PUT /settings/{key}; true when saved. */
export default function useSettings() {
  const { t } = useTranslation();
  const { data, error, isLoading, mutate } = useSWR(SETTINGS_PATH);
  const values = useMemo(() => Object.fromEntries((data || []).map(({ key, value }) => [key, value])), [data]);

  const save = useCallback(
    async (key, value) => {
      try {
        // The control moves at once (optimistic); a refused change moves it back.
        await mutate(
          async (list) => {
            const saved = await updateSetting(key, value);
            return withSetting(list, saved?.key ? saved : { key, value });
          },
          { optimisticData: (list) => withSetting(list, { key, value }), rollbackOnError: true, revalidate: false },
        );
        toast.success(t('settings.saved'));
        return true;
      } catch (error) {
        // The server names the rule (e.g. "Mensagem de transferência é obrigatória", always
        // Portuguese): say that rule in the language in use.
        const rule = settingRefusal(error);
        if (rule) {
          const setting = t(`settings.options.${rule.setting}`, { defaultValue: rule.setting });
          toast.error(t(rule.key, { setting }), { duration: ERROR_TOAST_DURATION });
        } else toastError(error);
        return false;
      }
    },
    [mutate, t],
  );

  return { values, error, isLoading, save };
}
