import { memo } from 'react';
import { Box, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { Handle, Position } from '@xyflow/react';
import { useTranslation } from 'react-i18next';
import { NODE_WIDTH } from '../../api/graph';
import { dropRate, nodeStats } from '../../api/stats';
import { useFlowEditor } from '../editorContext';
import { lookOf } from './kindIcons';
import NodeSummary from './NodeSummary';

const HANDLE_STYLE = { width: 12, height: 12, background: '#0000FF' };

/** A source handle at the right of its row (menu options, randomizer and condition outputs). */
function OutputRow({ handle, children }) {
  return (
    <Box sx={{ position: 'relative', py: 0.25, pr: 1.5, textAlign: 'right' }}>
      <Typography variant="caption">{children}</Typography>
      <Handle type="source" position={Position.Right} id={handle} style={HANDLE_STYLE} data-testid={`handle-${handle}`} />
    </Box>
  );
}

function Outputs({ type, data }) {
  const { t } = useTranslation();
  if (type === 'menu') {
    return (data.arrayOption || []).map((option) => (
      <OutputRow key={option.number} handle={`a${option.number}`}>{`[${option.number}] ${option.value}`}</OutputRow>
    ));
  }
  if (type === 'randomizer') {
    const percent = Number(data.percent) || 0;
    return (
      <>
        <OutputRow handle="a">{`a · ${percent}%`}</OutputRow>
        <OutputRow handle="b">{`b · ${100 - percent}%`}</OutputRow>
      </>
    );
  }
  if (type === 'condition') {
    return (
      <>
        <OutputRow handle="true">{t('flowbuilder.node.condTrue')}</OutputRow>
        <OutputRow handle="false">{t('flowbuilder.node.condFalse')}</OutputRow>
      </>
    );
  }
  return <Handle type="source" position={Position.Right} id="a" style={HANDLE_STYLE} data-testid="handle-a" />;
}

function Counts({ id }) {
  const { t } = useTranslation();
  const { stats } = useFlowEditor();
  if (!stats) return null;
  const counts = nodeStats(stats, id);
  return (
    <Stack direction="row" spacing={1} sx={{ px: 1, py: 0.5, bgcolor: 'action.hover', justifyContent: 'space-between' }} data-testid="flow-node-stats"
      data-entered={counts.entered} data-stopped={counts.stopped}>
      <Typography variant="caption" sx={{ fontWeight: 600 }}>{t('flowbuilder.node.entered', { count: counts.entered })}</Typography>
      <Typography variant="caption" color={counts.stopped ? 'error' : 'text.secondary'}>
        {t('flowbuilder.node.stopped', { count: counts.stopped, rate: dropRate(counts) })}
      </Typography>
    </Stack>
  );
}

function borderOf(selected, active, invalid) {
  if (invalid) return 'error.main';
  if (selected) return '#0000FF';
  if (active) return 'success.main';
  return 'divider';
}

/** Condition's header line: {{key}} operator value. */
function conditionLine(data, t) {
  if (!data.key) return null;
  return `{{${data.key}}} ${t(`flowbuilder.dialog.condition.operators.${data.condition}`, { defaultValue: data.condition })} "${data.value ?? ''}"`;
}

/**
 * One node on the canvas, whatever its kind: a left input (not on start), the kind's header
 * with duplicate (not on start: a flow has one) and delete icons, the summary, its outputs on the right and, with the
 * analytics on, how many runs entered and stopped here.
 */
function FlowNode({ id, type, data, selected }) {
  const { t } = useTranslation();
  const { onDuplicate, onDelete, activeNodeId, invalidNodeId } = useFlowEditor();
  const { Icon, color } = lookOf(type);
  const active = activeNodeId === id;
  return (
    <Box data-testid="flow-node" data-node-id={id} data-node-type={type} data-active={active ? 'true' : undefined}
      data-invalid={invalidNodeId === id ? 'true' : undefined} data-selected={selected ? 'true' : undefined}
      sx={{
        width: NODE_WIDTH, bgcolor: 'background.paper', borderRadius: 1.5, border: 2, borderColor: borderOf(selected, active, invalidNodeId === id),
        boxShadow: active ? '0 0 0 4px rgba(46,125,50,0.35)' : 1, fontSize: 12,
      }}>
      {type !== 'start' && <Handle type="target" position={Position.Left} style={HANDLE_STYLE} data-testid="handle-target" />}
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', px: 1, py: 0.5, borderBottom: 1, borderColor: 'divider' }}>
        <Icon sx={{ fontSize: 18, color }} />
        <Typography variant="subtitle2" sx={{ flex: 1 }} noWrap>{t(`flowbuilder.kinds.${type}`, { defaultValue: type })}</Typography>
        {type !== 'start' && (
          <Tooltip title={t('flowbuilder.node.duplicate')}>
            <IconButton size="small" className="nodrag" onClick={() => onDuplicate(id)} aria-label={t('flowbuilder.node.duplicate')} data-testid="flow-node-duplicate">
              <ContentCopyIcon sx={{ fontSize: 16 }} />
            </IconButton>
          </Tooltip>
        )}
        <Tooltip title={t('flowbuilder.node.delete')}>
          <IconButton size="small" className="nodrag" onClick={() => onDelete(id)} aria-label={t('flowbuilder.node.delete')} data-testid="flow-node-delete">
            <DeleteOutlineIcon sx={{ fontSize: 16 }} />
          </IconButton>
        </Tooltip>
      </Stack>
      <Box sx={{ px: 1, py: 0.5 }}>
        {type === 'menu' && <Typography variant="caption" component="div" sx={{ whiteSpace: 'pre-wrap' }}>{data.message}</Typography>}
        {type === 'condition' && <Typography variant="caption" component="div">{conditionLine(data, t)}</Typography>}
        <NodeSummary type={type} data={data} />
      </Box>
      <Outputs type={type} data={data} />
      <Counts id={id} />
    </Box>
  );
}

export default memo(FlowNode);
