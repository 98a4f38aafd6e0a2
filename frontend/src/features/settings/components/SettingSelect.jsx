import { useTranslation } from 'react-i18next';
import SelectField, { enabledOptions } from '../../../components/SelectField';

/** One setting as a select that saves as soon as it changes. */
export default function SettingSelect({ settingKey, value, options, onChange }) {
  const { t } = useTranslation();
  return (
    <SelectField
      label={t(`settings.options.${settingKey}`)}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value)}
      options={options || enabledOptions(t)}
      testId={`setting-${settingKey}`}
      size="small"
    />
  );
}
