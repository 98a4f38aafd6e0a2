import { useCallback, useMemo } from 'react';
import {
  Background, BackgroundVariant, Controls, ReactFlow, addEdge,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { KINDS, canConnect, edgeId } from '../api/graph';
import FlowNode from './nodes/FlowNode';

const NODE_TYPES = Object.fromEntries(Object.values(KINDS).map((kind) => [kind, FlowNode]));
const DELETE_KEYS = ['Backspace', 'Delete'];
const EDGE_DEFAULTS = { style: { strokeWidth: 2 }, labelBgPadding: [6, 3], labelBgBorderRadius: 4, labelStyle: { fontWeight: 700 } };

/**
 * The canvas: custom nodes of every kind, edges between handles (one edge per source handle),
 * zoom controls, a dotted background; Backspace or Delete removes the selection, a
 * double-click edits a node. shownEdges: the edges as drawn (with the analytics labels).
 * keysDisabled (a dialog is open over the canvas): the delete keys do nothing, since the canvas
 * listens on the whole document and a focused button or select in a dialog is not an input.
 */
export default function FlowCanvas({
  nodes, edges, shownEdges, onNodesChange, onEdgesChange, setEdges, onNodeDoubleClick, keysDisabled = false,
}) {
  const onConnect = useCallback((connection) => {
    setEdges((current) => (canConnect(current, connection) ? addEdge({ ...connection, id: edgeId(connection) }, current) : current));
  }, [setEdges]);
  const isValidConnection = useCallback((connection) => canConnect(edges, connection), [edges]);
  const defaultEdgeOptions = useMemo(() => EDGE_DEFAULTS, []);
  return (
    <ReactFlow
      nodes={nodes}
      edges={shownEdges}
      nodeTypes={NODE_TYPES}
      onNodesChange={onNodesChange}
      onEdgesChange={onEdgesChange}
      onConnect={onConnect}
      isValidConnection={isValidConnection}
      onNodeDoubleClick={onNodeDoubleClick}
      zoomOnDoubleClick={false}
      deleteKeyCode={keysDisabled ? null : DELETE_KEYS}
      defaultEdgeOptions={defaultEdgeOptions}
      fitView
      fitViewOptions={{ maxZoom: 1 }}
      minZoom={0.1}
      data-testid="flow-canvas"
    >
      <Controls />
      <Background variant={BackgroundVariant.Dots} gap={16} size={1} />
    </ReactFlow>
  );
}
