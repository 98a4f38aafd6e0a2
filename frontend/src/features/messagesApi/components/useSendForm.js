import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useForm from '../../../hooks/useForm';
import { toast } from '../../../services/toast';
import { errorMessage } from '../../../utils/toastError';

/** A test form: validates, calls send(values), keeps the answer and toasts the outcome. */
export default function useSendForm(defaults, validate, send) {
  const { t } = useTranslation();
  const form = useForm(defaults);
  const [answer, setAnswer] = useState(null);
  const [sending, setSending] = useState(false);

  const onSubmit = async (event) => {
    event.preventDefault();
    if (!form.check({}, validate(form.values))) return;
    setSending(true);
    try {
      const result = await send(form.values);
      setAnswer(result);
      if (result.ok) toast.success(t('messagesApi.sent'));
      else toast.error(errorMessage({ code: result.data?.error, message: result.data?.message || (typeof result.data === 'string' ? result.data : '') }));
    } catch (error) {
      setAnswer({ ok: false, status: 0, data: error.message });
      toast.error(t('errors.generic'));
    } finally {
      setSending(false);
    }
  };
  return { form, answer, sending, onSubmit };
}
