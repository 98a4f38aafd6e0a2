import { useCallback, useEffect, useMemo, useState } from 'react';
import useSWR from 'swr';
import { useNavigate, useParams } from 'react-router';
import { ReactFlowProvider, useReactFlow } from '@xyflow/react';
import {
  Alert, Box, Button, CircularProgress, IconButton, Paper, Stack, Tooltip, Typography,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined';
import { useTranslation } from 'react-i18next';
import ConfirmationDialog from '../../../components/ConfirmationDialog';
import useLeaveGuard from '../../../hooks/useLeaveGuard';
import { toast } from '../../../services/toast';
import toastError, { SERVER_LANGUAGE, errorMessage } from '../../../utils/toastError';
import { useAuth } from '../../auth/hooks/useAuth';
import { saveFlowGraph } from '../api/flowbuilderApi';
import {
  KINDS, duplicateNode, initialData, newNode, removeNodes, replaceData,
} from '../api/graph';
import { flowVariables } from '../api/nodeForms';
import { defaultRange, labelEdges } from '../api/stats';
import AddNodeDial from '../components/AddNodeDial';
import { FlowEditorContext } from '../components/editorContext';
import FlowCanvas from '../components/FlowCanvas';
import NodeDialog, { DIALOGS } from '../components/dialogs/NodeDialog';
import SimulateFlowDialog from '../components/SimulateFlowDialog';
import SimulatorSide from '../components/SimulatorSide';
import StatsBar from '../components/StatsBar';
import useFlowGraph from '../hooks/useFlowGraph';
import useFlowSimulation from '../hooks/useFlowSimulation';

export const FLOW_INVALID = 'ERR_FLOW_INVALID';

/**
 * The analytics overlay: on/off, its range and GET /flowbuilder/:id/stats while on. While a
 * new range loads the previous counts stay (loading: true); a refused range shows none.
 */
function useStats(id) {
  const { user } = useAuth();
  const [on, setOn] = useState(false);
  const [range, setRange] = useState(() => defaultRange(user?.company?.timezone));
  const { data, error, isLoading } = useSWR(on ? [`/flowbuilder/${id}/stats`, range] : null, { keepPreviousData: true });
  return {
    on,
    setOn,
    range,
    setRange,
    stats: on && !error ? data || null : null, // a refused range keeps no stale counts
    error: on ? error : undefined,
    loading: on && isLoading,
  };
}

/** The browser asks before a reload or a closed tab drops unsaved changes. */
function useLeaveWarning(dirty) {
  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}

function FlowEditor({ id }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const graph = useFlowGraph(id);
  const { nodes, setNodes, edges, setEdges } = graph;
  const [dialog, setDialog] = useState(null);
  const [saving, setSaving] = useState(false);
  const [invalidNodeId, setInvalidNodeId] = useState(null);
  const { fitView } = useReactFlow();
  const [simulating, setSimulating] = useState(false);
  const [leaving, setLeaving] = useState(null); // where the user asked to go with unsaved changes
  const stats = useStats(id);
  // The simulator's runs are an administrator's tests: the analytics do not count them.
  const simulation = useFlowSimulation(id);
  useLeaveWarning(graph.dirty);

  const onDuplicate = useCallback((nodeId) => setNodes((current) => {
    const original = current.find((node) => node.id === nodeId);
    // A flow has one start node (the server refuses a second): it is never duplicated.
    return original && original.type !== KINDS.start ? [...current, duplicateNode(current, original)] : current;
  }), [setNodes]);
  const onDelete = useCallback((nodeId) => {
    setNodes((current) => removeNodes({ nodes: current, edges: [] }, [nodeId]).nodes);
    setEdges((current) => removeNodes({ nodes: [], edges: current }, [nodeId]).edges);
  }, [setNodes, setEdges]);
  const onEdit = useCallback((node) => {
    if (DIALOGS[node.type]) setDialog({ type: node.type, node });
  }, []);

  const addKind = (type) => {
    if (type !== KINDS.start) {
      setDialog({ type, node: null });
      return;
    }
    if (nodes.some((node) => node.type === KINDS.start)) toast.warning(t('flowbuilder.editor.startExists'));
    else setNodes((current) => [...current, newNode(current, type, initialData(type))]);
  };

  const applyDialog = (data) => {
    if (dialog.node) {
      const next = replaceData({ nodes, edges }, dialog.node.id, data);
      setNodes(next.nodes);
      setEdges(next.edges);
    } else {
      setNodes((current) => [...current, newNode(current, dialog.type, data)]);
    }
  };

  const save = async () => {
    const body = graph.body();
    setSaving(true);
    try {
      await saveFlowGraph(body);
      graph.markSaved(body);
      setInvalidNodeId(null);
      toast.success(t('flowbuilder.editor.saved'));
    } catch (error) {
      if (error?.code === FLOW_INVALID) {
        const nodeId = error.fields?.nodeId || null;
        setInvalidNodeId(nodeId);
        // The server's text says what is wrong, in Portuguese: in any other language the node it
        // names is outlined and the toast says so in that language.
        if (i18n.resolvedLanguage === SERVER_LANGUAGE && error.message) toast.error(error.message);
        else toast.error(nodeId ? t('flowbuilder.editor.invalidNode') : errorMessage(error));
        // The node the server named comes into view.
        if (nodeId) fitView({ nodes: [{ id: nodeId }], duration: 300, maxZoom: 1 });
      } else {
        toastError(error);
      }
    } finally {
      setSaving(false);
    }
  };

  // The back arrow asks before unsaved changes are dropped (a reload or a closed tab: useLeaveWarning).
  const back = () => {
    if (graph.dirty) setLeaving('/flowbuilders');
    else navigate('/flowbuilders');
  };
  // The side menu's links ask too.
  useLeaveGuard(graph.dirty, useCallback((to) => { setLeaving(to); return true; }, []));

  const openSimulator = () => {
    if (graph.dirty) toast.warning(t('flowbuilder.simulate.saveFirst'));
    else setSimulating(true);
  };

  const context = useMemo(() => ({
    onDuplicate, onDelete, onEdit, stats: stats.stats, activeNodeId: simulation.activeNodeId, invalidNodeId,
  }), [onDuplicate, onDelete, onEdit, stats.stats, simulation.activeNodeId, invalidNodeId]);
  const shownEdges = useMemo(() => labelEdges(edges, stats.stats), [edges, stats.stats]);
  const variables = useMemo(() => flowVariables(nodes), [nodes]);

  return (
    <Box sx={{ p: 2, height: '100%', display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="flow-editor-page" data-dirty={graph.dirty}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
        <Tooltip title={t('flowbuilder.editor.back')}>
          <IconButton onClick={back} aria-label={t('flowbuilder.editor.back')} data-testid="flow-back"><ArrowBackIcon /></IconButton>
        </Tooltip>
        <Box sx={{ flex: 1 }}>
          <Typography variant="h5">{t('flowbuilder.editor.heading')}</Typography>
          <Typography variant="body2" color="text.secondary" data-testid="flow-editor-name">{graph.flow?.name}</Typography>
        </Box>
        <StatsBar on={stats.on} onToggle={stats.setOn} range={stats.range} onRange={stats.setRange} error={stats.error} loading={stats.loading} />
        <Button variant="outlined" startIcon={<ScienceOutlinedIcon />} onClick={openSimulator} disabled={graph.loading || Boolean(graph.error)}
          data-testid="flow-simulate">
          {t('flowbuilder.simulate.button')}
        </Button>
        <Stack sx={{ alignItems: 'flex-end' }}>
          <Button variant="contained" onClick={save} disabled={saving || graph.loading || Boolean(graph.error)} data-testid="flow-save">
            {t('flowbuilder.editor.save')}
          </Button>
          <Typography variant="caption" color={graph.dirty ? 'warning.main' : 'text.secondary'}>{t('flowbuilder.editor.hint')}</Typography>
        </Stack>
      </Stack>
      {stats.error && (
        <Alert severity="error" data-testid="flow-stats-error">{`${t('flowbuilder.stats.error')}: ${errorMessage(stats.error)}`}</Alert>
      )}
      <Stack direction="row" spacing={1.5} sx={{ flex: 1, minHeight: 0 }}>
        <Paper variant="outlined" sx={{ flex: 1, position: 'relative', minHeight: 400 }}>
          {graph.loading && (
            <Box sx={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' }} data-testid="flow-loading">
              <CircularProgress />
            </Box>
          )}
          {graph.error && <Alert severity="error" sx={{ m: 2 }}>{t('flowbuilder.editor.loadError')}</Alert>}
          {!graph.loading && !graph.error && (
            <FlowEditorContext.Provider value={context}>
              <AddNodeDial onPick={addKind} />
              <FlowCanvas nodes={nodes} edges={edges} shownEdges={shownEdges} onNodesChange={graph.onNodesChange}
                onEdgesChange={graph.onEdgesChange} setEdges={setEdges} onNodeDoubleClick={(_, node) => onEdit(node)}
                keysDisabled={Boolean(dialog) || simulating || Boolean(leaving)} />
            </FlowEditorContext.Provider>
          )}
        </Paper>
        {simulation.simulation && <SimulatorSide simulation={simulation.simulation} onClose={simulation.stop} />}
      </Stack>
      <NodeDialog dialog={dialog} variables={variables} onSaved={applyDialog} onClose={() => setDialog(null)} />
      <ConfirmationDialog open={Boolean(leaving)} title={t('flowbuilder.editor.leaveTitle')} confirmLabel={t('flowbuilder.editor.leaveConfirm')}
        onConfirm={() => navigate(leaving)} onClose={() => setLeaving(null)} testId="flow-leave">
        {t('flowbuilder.editor.leaveMessage')}
      </ConfirmationDialog>
      {simulating && (
        <SimulateFlowDialog flowId={id} onClose={() => setSimulating(false)}
          onStarted={(started) => {
            setSimulating(false);
            simulation.start(started);
          }} />
      )}
    </Box>
  );
}

/** /flowbuilder/:id: the flow editor (spec/3 "Flow editor"). */
export default function FlowEditorPage() {
  const { id } = useParams();
  return (
    <ReactFlowProvider>
      <FlowEditor key={id} id={id} />
    </ReactFlowProvider>
  );
}
