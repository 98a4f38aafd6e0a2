import { act } from 'react';
import { SWRConfig } from 'swr';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import { onToast } from '../../../services/toast';
import { allByTestId, byTestId, click, render } from '../../../test/render';
import { getFlowGraph, saveFlowGraph, simulateFlow } from '../api/flowbuilderApi';
import { guardNavigation } from '../../../hooks/useLeaveGuard';
import { addDays } from '../../../utils/companyDay';
import FlowEditorPage from './FlowEditorPage';

// The canvas library is replaced by a stand-in that draws the custom nodes and hands its props
// to the test (the real one needs a layout engine jsdom lacks): the page's own logic is under test.
const canvas = vi.hoisted(() => ({ props: null, events: {}, fitView: null, editor: null }));
vi.mock('@xyflow/react/dist/style.css', () => ({}));
vi.mock('@xyflow/react', async () => {
  const { useContext, useState: useLocal } = await import('react');
  const { FlowEditorContext } = await import('../components/editorContext');
  const apply = (changes, items) => changes.reduce((list, change) => {
    if (change.type === 'remove') return list.filter((item) => item.id !== change.id);
    if (change.type === 'select') return list.map((item) => (item.id === change.id ? { ...item, selected: change.selected } : item));
    return list;
  }, items);
  const useListState = (initial) => {
    const [items, setItems] = useLocal(initial);
    return [items, setItems, (changes) => setItems((now) => apply(changes, now))];
  };
  return {
    Position: { Left: 'left', Right: 'right' },
    BackgroundVariant: { Dots: 'dots' },
    Handle: ({ id, type, 'data-testid': testId }) => <i data-testid={testId} data-handle={id || type} />,
    Controls: () => null,
    Background: () => null,
    ReactFlowProvider: ({ children }) => children,
    useReactFlow: () => ({ fitView: canvas.fitView }),
    addEdge: (edge, edges) => [...edges, edge],
    useNodesState: useListState,
    useEdgesState: useListState,
    ReactFlow: (props) => {
      canvas.props = props;
      // The editor's node actions, as a node reaches them.
      canvas.editor = useContext(FlowEditorContext);
      return (
        <div data-testid="flow-canvas">
          {props.nodes.map((node) => {
            const Node = props.nodeTypes[node.type];
            return <Node key={node.id} id={node.id} type={node.type} data={node.data} selected={Boolean(node.selected)} />;
          })}
          {props.edges.map((edge) => <b key={edge.id} data-testid="flow-edge" data-label={edge.label ?? ''}>{edge.id}</b>)}
        </div>
      );
    },
  };
});
vi.mock('../../auth/hooks/useAuth', () => ({ useAuth: () => ({ user: { id: 1, profile: 'admin', companyId: 7, company: { timezone: 'America/Sao_Paulo' } } }) }));
vi.mock('../../../hooks/useCompanyEvent', () => ({
  default: (name, handler) => {
    canvas.events[name] = handler;
  },
}));
// The sandbox panel is its own feature's (and tests'): here it only has to open on the connection.
vi.mock('../../sandbox/components/SimulatePanel', () => ({
  default: ({ connectionId }) => <div data-testid="simulate-panel" data-connection-id={connectionId} />,
}));
vi.mock('../api/flowbuilderApi', () => ({
  QUEUES_PATH: '/queue',
  CONNECTIONS_PATH: '/whatsapp',
  getFlowGraph: vi.fn(),
  saveFlowGraph: vi.fn(),
  simulateFlow: vi.fn(),
  uploadContent: vi.fn(),
  mediaObjectUrl: vi.fn(),
}));

const saved = {
  nodes: [
    { id: 'S'.repeat(30), type: 'start', position: { x: 0, y: 0 }, data: { label: 'Inicio do fluxo' } },
    { id: 'M'.repeat(30), type: 'menu', position: { x: 300, y: 0 }, data: { message: 'Escolha', arrayOption: [{ number: 1, value: 'Vendas' }] } },
  ],
  connections: [{ id: 'e1', source: 'S'.repeat(30), sourceHandle: 'a', target: 'M'.repeat(30) }],
};
const answers = {
  '/queue': [{ id: 3, name: 'Vendas' }],
  '/whatsapp': [{ id: 8, name: 'Teste', channel: 'sandbox', status: 'CONNECTED' }, { id: 9, name: 'Loja', channel: 'whatsapp', status: 'CONNECTED' }],
  '/flowbuilder/5/stats': { nodes: { ['M'.repeat(30)]: { entered: 10, stopped: 4 } }, edges: { e1: 10 } },
};
const STATS = '/flowbuilder/5/stats';
const statsAnswer = answers[STATS];
const fetcher = vi.fn(async (key) => {
  const answer = answers[Array.isArray(key) ? key[0] : key];
  return typeof answer === 'function' ? answer(key[1]) : answer;
});
const statsFetches = () => fetcher.mock.calls.filter(([key]) => Array.isArray(key) && key[0] === STATS).length;
const settle = () => act(async () => new Promise((resolve) => { setTimeout(resolve, 0); }));
const type = (input, value) => act(() => {
  const proto = input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value').set.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
});
const node = (kind) => document.body.querySelector(`[data-testid="flow-node"][data-node-type="${kind}"]`);
const SLOW = 20000;

function mount() {
  return render(
    <SWRConfig value={{ provider: () => new Map(), fetcher, dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={['/flowbuilder/5']}>
        <Routes>
          <Route path="/flowbuilder/:id" element={<FlowEditorPage />} />
          <Route path="/flowbuilders" element={<div data-testid="flows-list" />} />
          <Route path="/tickets" element={<div data-testid="tickets-page" />} />
        </Routes>
      </MemoryRouter>
    </SWRConfig>,
  );
}

describe('FlowEditorPage', () => {
  let view;
  let toasts;
  let stop;
  beforeEach(() => {
    toasts = [];
    stop = onToast((item) => toasts.push(item.message));
    canvas.props = null;
    canvas.fitView = vi.fn();
    fetcher.mockClear();
    getFlowGraph.mockResolvedValue({ flow: { id: 5, name: 'Boas-vindas', flow: saved } });
    saveFlowGraph.mockResolvedValue({ flow: {} });
  });
  afterEach(() => {
    vi.useRealTimers();
    answers[STATS] = statsAnswer;
    stop();
    view?.unmount();
    localStorage.clear();
  });

  it('a flow never saved starts with one start node', async () => {
    getFlowGraph.mockResolvedValue({ flow: { id: 5, name: 'Novo', flow: { nodes: [], connections: [] } } });
    view = mount();
    await settle();
    expect(document.body.textContent).toContain('Desenhe seu fluxo');
    expect(document.body.textContent).toContain('Não se esqueça de salvar seu fluxo!');
    expect(allByTestId('flow-node')).toHaveLength(1);
    expect(node('start').textContent).toContain('Inicio do fluxo');
    expect(node('start').querySelector('[data-testid="handle-target"]')).toBeNull();
  }, SLOW);

  it('adds a node through its dialog, 40 px right of the last, and saves the graph', async () => {
    view = mount();
    await settle();
    expect(node('menu').querySelector('[data-testid="handle-a1"]')).not.toBeNull();
    await click(byTestId('flow-add-question'));
    type(byTestId('flow-question-message'), 'Seu nome?');
    type(byTestId('flow-question-answer-key'), 'nome');
    await click(byTestId('flow-question-save'));
    expect(node('question').textContent).toContain('{{nome}}');
    const added = canvas.props.nodes.find((n) => n.type === 'question');
    expect(added.position).toEqual({ x: 300 + 220 + 40, y: 0 });
    expect(added.id).toMatch(/^[A-Za-z0-9]{30}$/);

    await act(async () => canvas.props.onConnect({ source: 'M'.repeat(30), sourceHandle: 'a1', target: added.id, targetHandle: null }));
    await act(async () => canvas.props.onConnect({ source: 'M'.repeat(30), sourceHandle: 'a1', target: 'S'.repeat(30), targetHandle: null }));
    expect(allByTestId('flow-edge')).toHaveLength(2);
    expect(byTestId('flow-editor-page').dataset.dirty).toBe('true');

    await click(byTestId('flow-save'));
    const body = saveFlowGraph.mock.calls[0][0];
    expect(body.idFlow).toBe(5);
    expect(body.nodes.map((n) => n.type)).toEqual(['start', 'menu', 'question']);
    expect(body.connections[1]).toEqual({ id: `xy-edge__${'M'.repeat(30)}a1-${added.id}`, source: 'M'.repeat(30), sourceHandle: 'a1', target: added.id });
    expect(toasts).toContain('Fluxo salvo com sucesso');
    expect(byTestId('flow-editor-page').dataset.dirty).toBe('false');
  }, SLOW);

  it('double-click edits; duplicate and delete icons; only one start node', async () => {
    view = mount();
    await settle();
    await act(async () => canvas.props.onNodeDoubleClick({}, canvas.props.nodes[1]));
    expect(byTestId('flow-menu-modal').textContent).toContain('Editar menu');
    await click(byTestId('flow-menu-add-option'));
    type(allByTestId('flow-menu-option')[1], 'Suporte');
    await click(byTestId('flow-menu-save'));
    expect(node('menu').querySelector('[data-testid="handle-a2"]')).not.toBeNull();

    await click(node('menu').querySelector('[data-testid="flow-node-duplicate"]'));
    const menus = canvas.props.nodes.filter((n) => n.type === 'menu');
    expect(menus).toHaveLength(2);
    expect(menus[1].position).toEqual({ x: 300 + 240, y: 0 });

    await click(node('start').querySelector('[data-testid="flow-node-delete"]'));
    expect(canvas.props.nodes.some((n) => n.type === 'start')).toBe(false);
    expect(allByTestId('flow-edge')).toHaveLength(0);
    await click(byTestId('flow-add-start'));
    await click(byTestId('flow-add-start'));
    expect(canvas.props.nodes.filter((n) => n.type === 'start')).toHaveLength(1);
    expect(toasts).toContain('O fluxo já tem um bloco de início');
    expect(canvas.props.deleteKeyCode).toEqual(['Backspace', 'Delete']);
  }, SLOW);

  it('the start node has no duplicate icon, and duplicating it does nothing', async () => {
    view = mount();
    await settle();
    expect(node('start').querySelector('[data-testid="flow-node-duplicate"]')).toBeNull();
    expect(node('start').querySelector('[data-testid="flow-node-delete"]')).not.toBeNull();
    expect(node('menu').querySelector('[data-testid="flow-node-duplicate"]')).not.toBeNull();
    await act(async () => canvas.editor.onDuplicate('S'.repeat(30)));
    expect(canvas.props.nodes.filter((n) => n.type === 'start')).toHaveLength(1);
    expect(byTestId('flow-editor-page').dataset.dirty).toBe('false');
  }, SLOW);

  it('the delete keys are off while a node dialog is open', async () => {
    view = mount();
    await settle();
    expect(canvas.props.deleteKeyCode).toEqual(['Backspace', 'Delete']);
    await act(async () => canvas.props.onNodeDoubleClick({}, canvas.props.nodes[1]));
    expect(byTestId('flow-menu-modal')).not.toBeNull();
    expect(canvas.props.deleteKeyCode).toBeNull();
    await click(byTestId('flow-menu-cancel'));
    expect(byTestId('flow-menu-modal')).toBeNull();
    expect(canvas.props.deleteKeyCode).toEqual(['Backspace', 'Delete']);
    await click(byTestId('flow-add-interval'));
    expect(canvas.props.deleteKeyCode).toBeNull();
  }, SLOW);

  it('the back arrow leaves a saved flow at once', async () => {
    view = mount();
    await settle();
    await click(byTestId('flow-back'));
    expect(byTestId('flows-list')).not.toBeNull();
    expect(byTestId('flow-leave')).toBeNull();
  }, SLOW);

  it('the back arrow asks before unsaved changes are lost', async () => {
    view = mount();
    await settle();
    await click(node('menu').querySelector('[data-testid="flow-node-delete"]'));
    expect(byTestId('flow-editor-page').dataset.dirty).toBe('true');
    await click(byTestId('flow-back'));
    expect(byTestId('flow-leave').textContent).toContain('Sair sem salvar?');
    expect(canvas.props.deleteKeyCode).toBeNull();
    await click(byTestId('flow-leave-cancel'));
    expect(byTestId('flows-list')).toBeNull();
    expect(byTestId('flow-editor-page').dataset.dirty).toBe('true');
    await click(byTestId('flow-back'));
    await click(byTestId('flow-leave-confirm'));
    expect(byTestId('flows-list')).not.toBeNull();
    expect(byTestId('flow-editor-page')).toBeNull();
  }, SLOW);

  it('a side menu link asks too, then goes where it was asked', async () => {
    view = mount();
    await settle();
    const link = () => ({ preventDefault: vi.fn() });
    const saved = link();
    expect(guardNavigation(saved, '/tickets')).toBe(false); // nothing unsaved: the link goes
    expect(saved.preventDefault).not.toHaveBeenCalled();
    await click(node('menu').querySelector('[data-testid="flow-node-delete"]'));
    const unsaved = link();
    await act(async () => expect(guardNavigation(unsaved, '/tickets')).toBe(true));
    expect(unsaved.preventDefault).toHaveBeenCalled();
    expect(byTestId('flow-leave').textContent).toContain('Sair sem salvar?');
    await click(byTestId('flow-leave-confirm'));
    expect(byTestId('tickets-page')).not.toBeNull();
    expect(guardNavigation(link(), '/flowbuilders')).toBe(false); // the editor left: no guard stays
  }, SLOW);

  it('a legacy message node opens its dialog on double-click and saves the new text', async () => {
    const legacy = { id: 'L'.repeat(30), type: 'message', position: { x: 600, y: 0 }, data: { label: 'Olá antigo' } };
    getFlowGraph.mockResolvedValue({ flow: { id: 5, name: 'Boas-vindas', flow: { ...saved, nodes: [...saved.nodes, legacy] } } });
    view = mount();
    await settle();
    await act(async () => canvas.props.onNodeDoubleClick({}, canvas.props.nodes[2]));
    expect(byTestId('flow-message-modal').textContent).toContain('Editar mensagem');
    expect(byTestId('flow-message-text').value).toBe('Olá antigo');
    type(byTestId('flow-message-text'), 'Olá de novo');
    await click(byTestId('flow-message-save'));
    expect(node('message').textContent).toContain('Olá de novo');
    await click(byTestId('flow-save'));
    const sent = saveFlowGraph.mock.calls.at(-1)[0].nodes.find((n) => n.type === 'message');
    expect(sent.data).toEqual({ label: 'Olá de novo' });
  }, SLOW);

  it('a refused save shows the server message and outlines the node it names', async () => {
    const refusal = Object.assign(new Error('Bloco Menu (MMM): a opção 1 não está ligada a nenhum bloco.'), {
      code: 'ERR_FLOW_INVALID', fields: { nodeId: 'M'.repeat(30) },
    });
    saveFlowGraph.mockRejectedValue(refusal);
    view = mount();
    await settle();
    await click(byTestId('flow-save'));
    expect(toasts).toContain('Bloco Menu (MMM): a opção 1 não está ligada a nenhum bloco.');
    expect(node('menu').dataset.invalid).toBe('true');
    expect(node('start').dataset.invalid).toBeUndefined();
    expect(canvas.fitView).toHaveBeenCalledWith(expect.objectContaining({ nodes: [{ id: 'M'.repeat(30) }] }));
  }, SLOW);

  it("in another language a refused save is said in that language, not in the server's Portuguese", async () => {
    await act(async () => { await i18n.changeLanguage('en'); });
    try {
      saveFlowGraph.mockRejectedValue(Object.assign(new Error('Bloco Menu (MMM): a opção 1 não está ligada a nenhum bloco.'), {
        code: 'ERR_FLOW_INVALID', fields: { nodeId: 'M'.repeat(30) },
      }));
      view = mount();
      await settle();
      await click(byTestId('flow-save'));
      expect(toasts).toEqual(['This block cannot run; fix it.']);
      expect(node('menu').dataset.invalid).toBe('true');
      // A refusal of the whole flow (no node named) has its own text.
      saveFlowGraph.mockRejectedValue(Object.assign(new Error('O fluxo tem mais de 500 blocos.'), { code: 'ERR_FLOW_INVALID', fields: {} }));
      await click(byTestId('flow-save'));
      expect(toasts.at(-1)).toBe('The flow cannot run; fix it before saving.');
      // The stored start label and the sandbox statuses read in English too.
      expect(node('start').textContent).toContain('Start of the flow');
      await click(byTestId('flow-simulate'));
      expect(byTestId('flow-simulate-connection').textContent).toContain('Teste (Connected)');
    } finally {
      await act(async () => { await i18n.changeLanguage('pt'); });
    }
  }, SLOW);

  it('the analytics overlay draws counts on nodes and edges', async () => {
    view = mount();
    await settle();
    await click(byTestId('flow-stats-toggle'));
    await settle();
    expect(byTestId('flow-stats-dateFrom').value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const stats = node('menu').querySelector('[data-testid="flow-node-stats"]');
    expect(stats.textContent).toContain('10 entraram');
    expect(stats.textContent).toContain('4 pararam (40%)');
    expect(byTestId('flow-edge').dataset.label).toBe('10');
  }, SLOW);

  it('tests in the simulator: a sandbox run, its panel, and the node it is at', async () => {
    simulateFlow.mockResolvedValue({ ticketId: 1, number: '5511999990000' });
    view = mount();
    await settle();
    await click(byTestId('flow-simulate'));
    await settle();
    expect(byTestId('flow-simulate-connection').textContent).toContain('Teste (Conectado)');
    await click(byTestId('flow-simulate-start'));
    await settle();
    expect(simulateFlow).toHaveBeenCalledWith('5', 8, '');
    expect(byTestId('simulate-panel').dataset.connectionId).toBe('8');
    expect(JSON.parse(localStorage.getItem('sandbox:8:current'))).toEqual({ number: '5511999990000', name: 'Cliente teste' });
    await act(async () => canvas.events.flowbuilder({ action: 'node', flowId: 6, ticketId: 1, nodeId: 'M'.repeat(30) }));
    expect(node('menu').dataset.active).toBeUndefined();
    await act(async () => canvas.events.flowbuilder({ action: 'node', flowId: 5, ticketId: 1, nodeId: 'M'.repeat(30) }));
    expect(node('menu').dataset.active).toBe('true');
  }, SLOW);

  it('the highlight follows only the simulated ticket\'s run, and its end clears it', async () => {
    simulateFlow.mockResolvedValue({ ticketId: 41, number: '5511999990000' });
    view = mount();
    await settle();
    const step = (data) => act(async () => canvas.events.flowbuilder({ flowId: 5, runId: 9, ...data }));
    // No simulation open: a real customer's run of this flow lights nothing.
    await step({ action: 'node', ticketId: 41, nodeId: 'M'.repeat(30) });
    expect(node('menu').dataset.active).toBeUndefined();
    await click(byTestId('flow-simulate'));
    await settle();
    await click(byTestId('flow-simulate-start'));
    await settle();
    // Another customer's run of the same flow (or an event without a ticket) is not the simulation's.
    await step({ action: 'node', ticketId: 42, nodeId: 'M'.repeat(30) });
    await step({ action: 'node', nodeId: 'M'.repeat(30) });
    expect(node('menu').dataset.active).toBeUndefined();
    await step({ action: 'node', ticketId: 41, nodeId: 'S'.repeat(30) });
    expect(node('start').dataset.active).toBe('true');
    await step({ action: 'node', ticketId: '41', nodeId: 'M'.repeat(30) });
    expect(node('menu').dataset.active).toBe('true');
    expect(node('start').dataset.active).toBeUndefined();
    // Another run's end leaves the highlight; the simulated run's end clears it.
    await step({ action: 'end', ticketId: 42 });
    expect(node('menu').dataset.active).toBe('true');
    await step({ action: 'end', ticketId: 41 });
    expect(node('menu').dataset.active).toBeUndefined();
    // Closed simulator: nothing follows any more.
    await click(byTestId('flow-simulator-close'));
    await step({ action: 'node', ticketId: 41, nodeId: 'M'.repeat(30) });
    expect(node('menu').dataset.active).toBeUndefined();
  }, SLOW);

  it('a refused range shows the server\'s message; the date inputs are bounded', async () => {
    answers[STATS] = (range) => {
      if (range.dateFrom > range.dateTo) throw Object.assign(new Error('Período inválido.'), { status: 400 });
      return statsAnswer;
    };
    view = mount();
    await settle();
    await click(byTestId('flow-stats-toggle'));
    await settle();
    const from = byTestId('flow-stats-dateFrom');
    const to = byTestId('flow-stats-dateTo');
    expect(from.max).toBe(to.value);
    expect(from.min).toBe(addDays(to.value, -365));
    expect(to.min).toBe(from.value);
    expect(to.max).toBe(addDays(from.value, 365));
    expect(byTestId('flow-stats-error')).toBeNull();
    type(from, addDays(to.value, 1));
    await settle();
    expect(byTestId('flow-stats-error').textContent).toContain('Período inválido.');
    expect(node('menu').querySelector('[data-testid="flow-node-stats"]')).toBeNull();
  }, SLOW);

  it('a new range keeps the previous counts, with a progress sign, until its own arrive', async () => {
    let answer;
    view = mount();
    await settle();
    await click(byTestId('flow-stats-toggle'));
    await settle();
    expect(byTestId('flow-stats-loading')).toBeNull();
    answers[STATS] = () => new Promise((resolve) => { answer = resolve; });
    const to = byTestId('flow-stats-dateTo');
    type(byTestId('flow-stats-dateFrom'), addDays(to.value, -6));
    await settle();
    expect(node('menu').querySelector('[data-testid="flow-node-stats"]').textContent).toContain('10 entraram');
    expect(byTestId('flow-edge').dataset.label).toBe('10');
    expect(byTestId('flow-stats-loading')).not.toBeNull();
    await act(async () => answer({ nodes: { ['M'.repeat(30)]: { entered: 3, stopped: 1 } }, edges: { e1: 3 } }));
    await settle();
    expect(node('menu').querySelector('[data-testid="flow-node-stats"]').textContent).toContain('3 entraram');
    expect(byTestId('flow-edge').dataset.label).toBe('3');
    expect(byTestId('flow-stats-loading')).toBeNull();
  }, SLOW);
});
