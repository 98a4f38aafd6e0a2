import { createContext, useContext } from 'react';

/**
 * What a node on the canvas needs from its editor without carrying it in its data (which is
 * saved): the duplicate/delete/edit actions, the analytics counts, the node a simulated run
 * is at and the node a refused save named.
 */
export const FlowEditorContext = createContext({
  onDuplicate: () => {}, onDelete: () => {}, onEdit: () => {}, stats: null, activeNodeId: null, invalidNodeId: null,
});

export const useFlowEditor = () => useContext(FlowEditorContext);
