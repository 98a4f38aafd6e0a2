import { useState } from 'react';
import useCompanyEvent from '../../../hooks/useCompanyEvent';
import { presetCustomer } from '../components/SimulatorSide';

const sameId = (a, b) => a !== undefined && a !== null && String(a) === String(b);

/**
 * 'Testar no simulador': the running simulation ({ connection, number, ticketId } or null) and
 * the node its run is at. company-{id}-flowbuilder carries every run of every customer:
 * only this flow's events for the simulation's ticket count, and none while no simulation
 * is open. {action:'node', flowId, ticketId, nodeId} moves the highlight,
 * {action:'end', flowId, ticketId, runId} clears it.
 */
export default function useFlowSimulation(flowId) {
  const [simulation, setSimulation] = useState(null);
  const [activeNodeId, setActiveNodeId] = useState(null);

  useCompanyEvent('flowbuilder', (data) => {
    if (!simulation || !sameId(data?.flowId, flowId) || !sameId(data.ticketId, simulation.ticketId)) return;
    if (data.action === 'node' && data.nodeId) setActiveNodeId(data.nodeId);
    else if (data.action === 'end') setActiveNodeId(null);
  });

  const start = ({ connection, number, ticketId }) => {
    presetCustomer(connection.id, number);
    setActiveNodeId(null);
    setSimulation({ connection, number, ticketId });
  };
  const stop = () => {
    setSimulation(null);
    setActiveNodeId(null);
  };
  return { simulation, activeNodeId, start, stop };
}
