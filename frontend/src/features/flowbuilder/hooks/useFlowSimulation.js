import { useState } from 'react';
import useCompanyEvent from '../../../hooks/useCompanyEvent';
import { presetCustomer } from '../components/SimulatorSide';

/**
 * 'Testar no simulador': the running simulation ({ connection, number } or null) and the node
 * a run of this flow is at, from company-{id}-flowbuilder {action:'node', flowId, nodeId}
 * (onNode(data) hears every such step, of any run of the flow).
 */
export default function useFlowSimulation(flowId, onNode = () => {}) {
  const [simulation, setSimulation] = useState(null);
  const [activeNodeId, setActiveNodeId] = useState(null);

  useCompanyEvent('flowbuilder', (data) => {
    if (data?.action !== 'node' || String(data.flowId) !== String(flowId) || !data.nodeId) return;
    setActiveNodeId(data.nodeId);
    onNode(data);
  });

  const start = ({ connection, number }) => {
    presetCustomer(connection.id, number);
    setActiveNodeId(null);
    setSimulation({ connection, number });
  };
  const stop = () => {
    setSimulation(null);
    setActiveNodeId(null);
  };
  return { simulation, activeNodeId, start, stop };
}
