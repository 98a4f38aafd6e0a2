import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import ListPage from '../../../components/ListPage';
import useCompanyEvent from '../../../hooks/useCompanyEvent';
import useEditModal from '../../../hooks/useEditModal';
import { PROMPTS_PATH, deletePrompt } from '../api/promptsApi';
import PromptModal from '../components/PromptModal';
import PromptsTable from '../components/PromptsTable';

/** /prompts: the company's AI prompts (spec/3 §2), live through company-{id}-prompt. */
export default function PromptsPage() {
  const { t } = useTranslation();
  const { data, error, isLoading, mutate } = useSWR(PROMPTS_PATH);
  const prompts = data?.prompts || [];
  const modal = useEditModal();

  useCompanyEvent('prompt', () => mutate());

  const remove = async (p) => {
    const answer = await deletePrompt(p.id);
    mutate((current) => ({ prompts: (current?.prompts || []).filter((x) => x.id !== p.id) }), { revalidate: false });
    return answer;
  };
  const onSaved = (saved) => mutate((current) => {
    const list = current?.prompts || [];
    const others = list.filter((x) => x.id !== saved.id);
    return { prompts: list.some((x) => x.id === saved.id) ? list.map((x) => (x.id === saved.id ? saved : x)) : [saved, ...others] };
  }, { revalidate: false });

  return (
    <ListPage
      testId="prompts"
      title={t('prompts.title')}
      count={data ? prompts.length : undefined}
      addLabel={t('prompts.add')}
      onAdd={modal.add}
      error={error}
      dialogs={(
        <PromptModal open={modal.open} record={modal.record} onSaved={onSaved}
          onClose={modal.close} />
      )}
    >
      <PromptsTable prompts={prompts} loading={isLoading} onEdit={modal.edit} onDelete={remove} />
    </ListPage>
  );
}
