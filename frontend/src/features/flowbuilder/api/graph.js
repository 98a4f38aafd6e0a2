/**
 * The flow graph as pkg/flow saves it ({ nodes, connections }) and as the canvas draws it
 * (@xyflow/react nodes and edges), with the editor's rules: ids, placement, handles,
 * duplicate and delete (spec/3 "Flow editor", decision 9).
 */

export const NODE_ID_LENGTH = 30;
export const NEW_NODE_GAP = 40;
export const DUPLICATE_OFFSET = 240;
/** A node's drawn width: the next node starts NEW_NODE_GAP px past it. */
export const NODE_WIDTH = 220;
export const START_LABEL = 'Inicio do fluxo';

export const KINDS = {
  start: 'start',
  message: 'message',
  interval: 'interval',
  condition: 'condition',
  menu: 'menu',
  img: 'img',
  audio: 'audio',
  video: 'video',
  randomizer: 'randomizer',
  singleBlock: 'singleBlock',
  ticket: 'ticket',
  typebot: 'typebot',
  openai: 'openai',
  question: 'question',
};

/** The speed-dial's kinds, in the spec's order (Condição last: decision 9). */
export const PALETTE = ['start', 'singleBlock', 'menu', 'question', 'randomizer', 'interval', 'ticket', 'typebot', 'openai', 'condition'];

/** The kinds the company's plan lets it add: openai needs useOpenAi, typebot useIntegrations (the server refuses them too). */
export const paletteFor = (plan) => PALETTE.filter((kind) => (kind !== 'openai' || Boolean(plan?.useOpenAi))
  && (kind !== 'typebot' || Boolean(plan?.useIntegrations)));

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A node id: 30 random alphanumerics (random: bytes → [0,1) numbers, for tests). */
export function newNodeId(random = cryptoRandom) {
  const values = random(NODE_ID_LENGTH);
  return Array.from(values, (value) => ALPHANUMERIC[Math.floor(value * ALPHANUMERIC.length) % ALPHANUMERIC.length]).join('');
}

function cryptoRandom(count) {
  const bytes = new Uint32Array(count);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte / 2 ** 32);
}

/** The default flow: one start node. */
export const defaultGraph = (id = newNodeId()) => ({
  nodes: [{ id, type: KINDS.start, position: { x: 250, y: 100 }, data: { label: START_LABEL } }],
  connections: [],
});

/** Where a new node goes: NEW_NODE_GAP px right of the last node (same height). */
export function newNodePosition(nodes) {
  const last = nodes[nodes.length - 1];
  if (!last) return { x: 250, y: 100 };
  return { x: last.position.x + NODE_WIDTH + NEW_NODE_GAP, y: last.position.y };
}

/** Where a duplicate goes: DUPLICATE_OFFSET px right of the rightmost node, at the original's height. */
export function duplicatePosition(nodes, original) {
  const rightmost = Math.max(...nodes.map((node) => node.position.x));
  return { x: rightmost + DUPLICATE_OFFSET, y: original.position.y };
}

/** The source handles of a node: menu option n → "a<n>", randomizer a/b, condition true/false, else "a". */
export function sourceHandles(type, data = {}) {
  if (type === KINDS.menu) return (data.arrayOption || []).map((option) => `a${option.number}`);
  if (type === KINDS.randomizer) return ['a', 'b'];
  if (type === KINDS.condition) return ['true', 'false'];
  return ['a'];
}

/** The default data of a new node of a kind (dialog-less kinds only need it). */
export const initialData = (type) => (type === KINDS.start ? { label: START_LABEL } : {});

/** A new node of type with data, placed after the last. */
export const newNode = (nodes, type, data, id = newNodeId()) => ({ id, type, position: newNodePosition(nodes), data });

/** A copy of the node with a new id, right of every node. */
export const duplicateNode = (nodes, original, id = newNodeId()) => ({
  id, type: original.type, position: duplicatePosition(nodes, original), data: structuredClone(original.data ?? {}),
});

/** Removes nodes by id and every edge touching them. */
export function removeNodes(graph, ids) {
  const gone = new Set(ids);
  return {
    nodes: graph.nodes.filter((node) => !gone.has(node.id)),
    edges: graph.edges.filter((edge) => !gone.has(edge.source) && !gone.has(edge.target)),
  };
}

/** Replaces a node's data by id; a menu losing options loses the edges of their handles. */
export function replaceData(graph, id, data) {
  const nodes = graph.nodes.map((node) => (node.id === id ? { ...node, data } : node));
  const node = nodes.find((item) => item.id === id);
  if (!node) return graph;
  const handles = new Set(sourceHandles(node.type, data));
  const edges = graph.edges.filter((edge) => edge.source !== id || !edge.sourceHandle || handles.has(edge.sourceHandle));
  return { nodes, edges };
}

/** An edge's id as the canvas makes it (also the stats key). */
export const edgeId = ({ source, sourceHandle, target, targetHandle }) =>
  `xy-edge__${source}${sourceHandle || ''}-${target}${targetHandle || ''}`;

/** The saved graph → canvas nodes and edges. */
export function toCanvas(graph) {
  const nodes = (graph?.nodes || []).map((node) => ({
    id: node.id, type: node.type, position: { x: Number(node.position?.x) || 0, y: Number(node.position?.y) || 0 }, data: node.data || {},
  }));
  const edges = (graph?.connections || []).map((edge) => ({
    id: edge.id || edgeId(edge),
    source: edge.source,
    sourceHandle: edge.sourceHandle || null,
    target: edge.target,
    targetHandle: edge.targetHandle || null,
  }));
  return { nodes, edges };
}

const withoutEmpty = (object) => Object.fromEntries(Object.entries(object).filter(([, value]) => value !== null && value !== undefined && value !== ''));

/** Canvas nodes and edges → the body of POST /flowbuilder/flow (canvas-only fields dropped). */
export function toSaved(idFlow, nodes, edges) {
  return {
    idFlow: Number(idFlow),
    nodes: nodes.map((node) => ({ id: node.id, type: node.type, position: { x: node.position.x, y: node.position.y }, data: node.data || {} })),
    connections: edges.map((edge) => withoutEmpty({
      id: edge.id, source: edge.source, sourceHandle: edge.sourceHandle, target: edge.target, targetHandle: edge.targetHandle,
    })),
  };
}

/** Whether a new edge may be drawn: not to itself, and one edge per source handle. */
export function canConnect(edges, { source, sourceHandle, target }) {
  if (!source || !target || source === target) return false;
  return !edges.some((edge) => edge.source === source && (edge.sourceHandle || null) === (sourceHandle || null));
}
