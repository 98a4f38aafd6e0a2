import { useEffect, useState } from 'react';
import useSWR from 'swr';
import {
  Autocomplete, FormControlLabel, MenuItem, Stack, Switch, TextField, Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import FormDialog from '../../../components/FormDialog';
import SelectField from '../../../components/SelectField';
import useForm from '../../../hooks/useForm';
import toastError from '../../../utils/toastError';
import {
  CONNECTIONS_PATH, createPhraseCampaign, getPhraseCampaign, listAllFlows, updatePhraseCampaign,
} from '../api/phraseCampaignsApi';
import {
  MATCH_TYPES, NAME_MAX, PHRASE_MAX, checkPhrase, phrasePayload, phraseToForm,
} from '../api/phraseForm';

const connectionsOf = (data) => (Array.isArray(data) ? data : data?.whatsapps || []);

function useFlows() {
  const [flows, setFlows] = useState([]);
  useEffect(() => {
    let gone = false;
    listAllFlows().then((all) => !gone && setFlows(all), () => {});
    return () => {
      gone = true;
    };
  }, []);
  return flows;
}

function PhraseForm({ id, onClose, onSaved }) {
  const { t } = useTranslation();
  const form = useForm(phraseToForm(null));
  const [loading, setLoading] = useState(Boolean(id));
  const flows = useFlows();
  const connections = connectionsOf(useSWR([CONNECTIONS_PATH, { session: 0 }]).data);
  const { setValues } = form;

  useEffect(() => {
    if (!id) return undefined;
    let live = true;
    getPhraseCampaign(id).then((data) => {
      if (!live) return;
      setValues(phraseToForm(data?.details || data));
      setLoading(false);
    }, (error) => {
      // An empty form would save over the campaign: say why and close instead.
      if (!live) return;
      toastError(error);
      onClose();
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opened campaign
  }, [id, setValues]);

  const flowError = form.field('flowId');
  const save = () => (id ? updatePhraseCampaign(id, phrasePayload(form.values)) : createPhraseCampaign(phrasePayload(form.values)));
  return (
    <FormDialog
      testId="phrase"
      title={id ? t('phraseCampaigns.modal.editTitle') : t('phraseCampaigns.modal.addTitle')}
      loading={loading}
      saveLabel={id ? t('phraseCampaigns.modal.saveButton') : t('phraseCampaigns.modal.createButton')}
      validate={() => form.check({}, checkPhrase(form.values))}
      onSubmit={save}
      onError={form.applyServerErrors}
      successMessage={id ? t('phraseCampaigns.updated') : t('phraseCampaigns.created')}
      onSaved={onSaved}
      onClose={onClose}
      dirty={form.dirty}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField {...form.field('name')} label={t('phraseCampaigns.modal.name')} autoFocus fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'phrase-name', maxLength: NAME_MAX } }} />
        <Autocomplete
          options={flows}
          getOptionLabel={(flow) => flow.name || ''}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          value={flows.find((flow) => flow.id === Number(form.values.flowId)) || null}
          onChange={(_, flow) => form.setValue('flowId', flow?.id ?? null)}
          renderInput={(params) => (
            <TextField {...params} label={t('phraseCampaigns.modal.flow')} error={flowError.error} helperText={flowError.helperText}
              slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'phrase-flow' } }} />
          )}
        />
        <TextField select {...form.field('whatsappId')} label={t('phraseCampaigns.modal.connection')} fullWidth
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'phrase-connection' } } }}>
          {connections.map((connection) => (
            <MenuItem key={connection.id} value={connection.id} data-testid={`phrase-connection-${connection.id}`}>
              <Stack direction="row" spacing={1} sx={{ width: '100%' }}>
                <Typography sx={{ flex: 1 }}>{connection.name}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {t(`connections.statuses.${connection.status}`, { defaultValue: connection.status })}
                </Typography>
              </Stack>
            </MenuItem>
          ))}
        </TextField>
        <TextField {...form.field('phrase')} label={t('phraseCampaigns.modal.phrase')} fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'phrase-phrase', maxLength: PHRASE_MAX } }} />
        <SelectField {...form.field('matchType')} label={t('phraseCampaigns.modal.matchType')} testId="phrase-match-type"
          options={MATCH_TYPES.map((type) => ({ value: type, label: t(`phraseCampaigns.modal.match.${type}`) }))} />
        <FormControlLabel label={t('phraseCampaigns.modal.status')}
          control={<Switch checked={form.values.status} onChange={(e) => form.setValue('status', e.target.checked)}
            slotProps={{ input: { 'data-testid': 'phrase-status' } }} />} />
      </Stack>
    </FormDialog>
  );
}

/**
 * 'Nova campanha com fluxo por frase' (id null, 'Criar campanha') or 'Editar campanha com fluxo
 * por frase' ('Salvar campanha').
 */
export default function PhraseCampaignModal({ open, id, onClose, onSaved }) {
  return open ? <PhraseForm key={id ?? 'new'} id={id} onClose={onClose} onSaved={onSaved} /> : null;
}
