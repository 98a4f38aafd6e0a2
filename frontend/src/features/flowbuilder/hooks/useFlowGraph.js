import { useCallback, useEffect, useRef, useState } from 'react';
import { useEdgesState, useNodesState } from '@xyflow/react';
import { getFlowGraph } from '../api/flowbuilderApi';
import { defaultGraph, toCanvas, toSaved } from '../api/graph';

/**
 * The editor's graph: loads GET /flowbuilder/flow/:id (a flow never saved gets the default
 * start node) into the canvas state, and tells whether it differs from what was last saved.
 */
export default function useFlowGraph(id) {
  const [nodes, setNodes, onNodesChange] = useNodesState([]);
  const [edges, setEdges, onEdgesChange] = useEdgesState([]);
  const [flow, setFlow] = useState(null);
  const [error, setError] = useState(null);
  const [loading, setLoading] = useState(true);
  const baseline = useRef('');

  useEffect(() => {
    let gone = false;
    setLoading(true);
    getFlowGraph(id).then((data) => {
      if (gone) return;
      const record = data?.flow || {};
      const saved = record.flow?.nodes?.length > 0;
      const canvas = toCanvas(saved ? record.flow : defaultGraph());
      setFlow(record);
      setNodes(canvas.nodes);
      setEdges(canvas.edges);
      baseline.current = saved ? JSON.stringify(toSaved(id, canvas.nodes, canvas.edges)) : '';
      setLoading(false);
    }, (failure) => {
      if (gone) return;
      setError(failure);
      setLoading(false);
    });
    return () => {
      gone = true;
    };
  }, [id, setNodes, setEdges]);

  const body = useCallback(() => toSaved(id, nodes, edges), [id, nodes, edges]);
  const markSaved = useCallback((saved) => {
    baseline.current = JSON.stringify(saved);
  }, []);
  const dirty = !loading && !error && JSON.stringify(body()) !== baseline.current;

  return { nodes, setNodes, onNodesChange, edges, setEdges, onEdgesChange, flow, error, loading, body, markSaved, dirty };
}
