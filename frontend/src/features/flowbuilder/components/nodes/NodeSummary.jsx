import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { START_LABEL } from '../../api/graph';

const Line = ({ children, testId }) => (
  <Typography variant="caption" component="div" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', lineHeight: 1.4 }} data-testid={testId}>
    {children}
  </Typography>
);

const clip = (text, size = 120) => (text && text.length > size ? `${text.slice(0, size)}…` : text);

/** A content card's one line: its text, 'N segundos', or the original file name. */
function ElementLine({ element }) {
  const { t } = useTranslation();
  if (element.type === 'message') return <Line>{clip(element.value, 80)}</Line>;
  if (element.type === 'interval') return <Line>{t('flowbuilder.node.seconds', { count: Number(element.value) })}</Line>;
  return <Line>{`${t(`flowbuilder.kinds.${element.type}`)}: ${element.original || element.value}`}</Line>;
}

/** What a node's body says, by kind (the menu's and the condition's lines carry their handles). */
export default function NodeSummary({ type, data = {} }) {
  const { t } = useTranslation();
  switch (type) {
    case 'start':
      // The default label is stored in Portuguese (spec/3): it is shown in the language in use.
      return <Line testId="flow-node-summary">{data.label === START_LABEL ? t('flowbuilder.node.startLabel') : data.label}</Line>;
    case 'message':
      return <Line>{clip(data.label)}</Line>;
    case 'interval':
      return <Line testId="flow-node-summary">{t('flowbuilder.node.seconds', { count: Number(data.sec) || 0 })}</Line>;
    case 'singleBlock': {
      const byNumber = Object.fromEntries((data.elements || []).map((element) => [element.number, element]));
      const elements = (data.seq || []).map((id) => byNumber[id]).filter(Boolean);
      return elements.length ? elements.map((element) => <ElementLine key={element.number} element={element} />) : <Line>{t('flowbuilder.node.empty')}</Line>;
    }
    case 'question':
      return <Line testId="flow-node-summary">{`${clip(data.typebotIntegration?.message) || ''}\n→ {{${data.typebotIntegration?.answerKey || ''}}}`}</Line>;
    case 'ticket':
      return <Line testId="flow-node-summary">{data.name || t('flowbuilder.node.noQueue')}</Line>;
    case 'typebot':
    case 'openai':
      return <Line>{data.typebotIntegration?.name}</Line>;
    case 'img':
    case 'video':
      return <Line testId="flow-node-summary">{data.original || data.url}</Line>;
    case 'audio':
      return <Line testId="flow-node-summary">{`${data.original || data.url || ''}${data.record ? ` (${t('flowbuilder.node.record')})` : ''}`}</Line>;
    default:
      return null;
  }
}
