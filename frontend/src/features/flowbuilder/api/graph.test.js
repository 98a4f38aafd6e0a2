import { describe, expect, it } from 'vitest';
import {
  DUPLICATE_OFFSET, NEW_NODE_GAP, NODE_WIDTH, START_LABEL, canConnect, defaultGraph, duplicateNode, edgeId, newNode, newNodeId,
  newNodePosition, paletteFor, removeNodes, replaceData, sourceHandles, toCanvas, toSaved,
} from './graph';

const PALETTE_ALL = ['start', 'singleBlock', 'menu', 'question', 'randomizer', 'interval', 'ticket', 'typebot', 'openai', 'condition'];

const node = (id, x, y = 10, type = 'singleBlock', data = {}) => ({ id, type, position: { x, y }, data });

describe('node ids', () => {
  it('are 30 alphanumerics', () => {
    const id = newNodeId();
    expect(id).toMatch(/^[A-Za-z0-9]{30}$/);
    expect(newNodeId()).not.toBe(id);
  });
  it('map the random numbers onto the alphabet', () => {
    expect(newNodeId((count) => Array(count).fill(0))).toBe('A'.repeat(30));
    expect(newNodeId((count) => Array(count).fill(0.9999))).toBe('9'.repeat(30));
  });
});

describe('placement', () => {
  it('puts a new node 40 px right of the last node', () => {
    const nodes = [node('a', 0), node('b', 500, 70)];
    expect(newNodePosition(nodes)).toEqual({ x: 500 + NODE_WIDTH + NEW_NODE_GAP, y: 70 });
    expect(newNode(nodes, 'menu', { message: 'x' }, 'c')).toEqual({ id: 'c', type: 'menu', position: { x: 760, y: 70 }, data: { message: 'x' } });
  });
  it('puts a duplicate 240 px right of the rightmost node, with a new id and copied data', () => {
    const original = node('a', 0, 33, 'menu', { arrayOption: [{ number: 1, value: 'x' }] });
    const nodes = [original, node('b', 900), node('c', 100)];
    const copy = duplicateNode(nodes, original, 'z');
    expect(copy.position).toEqual({ x: 900 + DUPLICATE_OFFSET, y: 33 });
    expect(copy.id).toBe('z');
    expect(copy.data).toEqual(original.data);
    expect(copy.data).not.toBe(original.data);
  });
  it('starts with one start node', () => {
    const graph = defaultGraph('s');
    expect(graph.nodes).toEqual([{ id: 's', type: 'start', position: { x: 250, y: 100 }, data: { label: START_LABEL } }]);
    expect(graph.connections).toEqual([]);
  });
});

describe('handles', () => {
  it('names a handle per kind', () => {
    expect(sourceHandles('menu', { arrayOption: [{ number: 1 }, { number: 2 }] })).toEqual(['a1', 'a2']);
    expect(sourceHandles('randomizer')).toEqual(['a', 'b']);
    expect(sourceHandles('condition')).toEqual(['true', 'false']);
    expect(sourceHandles('question')).toEqual(['a']);
  });
  it('refuses an edge to itself and a second edge from a handle', () => {
    const edges = [{ source: 'm', sourceHandle: 'a1', target: 'x' }];
    expect(canConnect(edges, { source: 'm', sourceHandle: 'a1', target: 'y' })).toBe(false);
    expect(canConnect(edges, { source: 'm', sourceHandle: 'a2', target: 'y' })).toBe(true);
    expect(canConnect(edges, { source: 'y', sourceHandle: 'a', target: 'y' })).toBe(false);
  });
});

describe('editing', () => {
  it('removing a node removes every edge touching it', () => {
    const graph = {
      nodes: [node('a', 0), node('b', 1), node('c', 2)],
      edges: [{ id: '1', source: 'a', target: 'b' }, { id: '2', source: 'b', target: 'c' }, { id: '3', source: 'a', target: 'c' }],
    };
    const left = removeNodes(graph, ['b']);
    expect(left.nodes.map((n) => n.id)).toEqual(['a', 'c']);
    expect(left.edges.map((e) => e.id)).toEqual(['3']);
  });
  it('replacing a menu data drops the edges of options it lost', () => {
    const menu = node('m', 0, 0, 'menu', { arrayOption: [{ number: 1 }, { number: 2 }] });
    const graph = { nodes: [menu], edges: [{ id: '1', source: 'm', sourceHandle: 'a1', target: 'x' }, { id: '2', source: 'm', sourceHandle: 'a2', target: 'y' }] };
    const next = replaceData(graph, 'm', { message: 'hi', arrayOption: [{ number: 1, value: 'x' }] });
    expect(next.nodes[0].data.message).toBe('hi');
    expect(next.edges.map((e) => e.id)).toEqual(['1']);
  });
});

describe('conversion', () => {
  const saved = {
    nodes: [node('a', 1, 2, 'start', { label: 'Inicio' }), node('b', 3, 4, 'question', { typebotIntegration: { message: 'q', answerKey: 'nome' } })],
    connections: [{ source: 'a', sourceHandle: 'a', target: 'b' }, { id: 'e2', source: 'b', target: 'a', targetHandle: '' }],
  };
  it('gives the canvas ids for every edge and keeps the saved ones', () => {
    const { nodes, edges } = toCanvas(saved);
    expect(nodes[1]).toEqual({ id: 'b', type: 'question', position: { x: 3, y: 4 }, data: saved.nodes[1].data });
    expect(edges[0]).toEqual({ id: edgeId(saved.connections[0]), source: 'a', sourceHandle: 'a', target: 'b', targetHandle: null });
    expect(edges[1].id).toBe('e2');
  });
  it('saves without the canvas fields, round trip', () => {
    const { nodes, edges } = toCanvas(saved);
    const drawn = nodes.map((n) => ({ ...n, selected: true, measured: { width: 1 }, dragging: false }));
    const body = toSaved('7', drawn, edges);
    expect(body.idFlow).toBe(7);
    expect(body.nodes).toEqual(saved.nodes);
    expect(body.connections[0]).toEqual({ id: edgeId(saved.connections[0]), source: 'a', sourceHandle: 'a', target: 'b' });
    expect(body.connections[1]).toEqual({ id: 'e2', source: 'b', target: 'a' });
    expect(toCanvas({ nodes: body.nodes, connections: body.connections })).toEqual({ nodes, edges });
  });
  it('reads an empty graph', () => {
    expect(toCanvas(null)).toEqual({ nodes: [], edges: [] });
  });
});

describe('the palette of a plan', () => {
  it('offers openai and typebot only with their plan flags', () => {
    expect(paletteFor({ useOpenAi: true, useIntegrations: true })).toEqual(PALETTE_ALL);
    expect(paletteFor({ useOpenAi: false, useIntegrations: true })).not.toContain('openai');
    expect(paletteFor({ useOpenAi: true, useIntegrations: false })).not.toContain('typebot');
    expect(paletteFor(undefined)).toEqual(PALETTE_ALL.filter((kind) => kind !== 'openai' && kind !== 'typebot'));
  });
});
