import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ADMIN_EMAIL, ADMIN_PASSWORD, WAIT, adminPage, call, eventually, launchBrowser, url, waitForPath, waitForText,
} from './helpers.mjs';
import { flowEditor } from './flow-editor.mjs';

// Issue 14, the editor: an administrator creates a flow, adds a menu, a question and a ticket
// node through the speed-dial and their dialogs, connects them handle to handle, saves, and
// finds them all again after a reload (the flow's run is another file's business).

const stamp = Date.now().toString(36);
const flowName = `Fluxo ${stamp}`;
const randomColor = () => `#${Math.floor(Math.random() * 0xffffff).toString(16).padStart(6, '0')}`;

describe('the flow editor', { timeout: 300000 }, () => {
  let browser;
  let page;
  let token;
  let queue;
  let flowId;

  let node;
  let handle;
  let connect;
  let addNode;
  let fitView;

  before(async () => {
    // The browser signs in as the seeded admin, which ends that user's API session: the API
    // calls go through a second administrator of the company.
    const seeded = (await call('POST', '/auth/login', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } })).token;
    const helper = { name: `Flow admin ${stamp}`, email: `flow-admin-${stamp}@atende.local`, password: `Flow@${stamp}1234`, profile: 'admin' };
    await call('POST', '/users', { token: seeded, body: helper });
    token = (await call('POST', '/auth/login', { body: { email: helper.email, password: helper.password } })).token;
    queue = await call('POST', '/queue', { token, body: { name: `Fila fluxo ${stamp}`, color: randomColor(), greetingMessage: 'Fila do fluxo', orderQueue: 9 } });
    browser = await launchBrowser();
    page = await adminPage(browser, { contextOptions: { viewport: { width: 1440, height: 900 } } });
    ({ node, handle, connect, addNode, fitView } = flowEditor(page));
  });

  after(async () => {
    await browser?.close();
  });

  test('the list adds a flow, which opens on its start node', async () => {
    await page.getByTestId('menu-flowbuilders').click();
    await waitForPath(page, '/flowbuilders');
    await page.getByText('Fluxos de conversa').first().waitFor({ timeout: WAIT });
    await page.getByTestId('flows-add').click();
    await page.getByTestId('flow-name-modal').getByText('Adicionar Fluxo').waitFor({ timeout: WAIT });
    await page.getByTestId('flow-name-input').fill('x');
    await page.getByTestId('flow-name-save').click();
    await page.getByTestId('flow-name-modal').getByText('Muito curto!').waitFor({ timeout: WAIT });
    await page.getByTestId('flow-name-input').fill(flowName);
    await page.getByTestId('flow-name-save').click();
    const row = page.locator(`[data-testid="flow-row"][data-name="${flowName}"]`);
    await row.waitFor({ timeout: WAIT });
    assert.equal(await row.getByTestId('flow-status').textContent(), 'Ativo');
    await row.click();
    await page.waitForURL(/\/flowbuilder\/\d+$/, { timeout: WAIT });
    flowId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByText('Desenhe seu fluxo').waitFor({ timeout: WAIT });
    await node('start').getByText('Inicio do fluxo').waitFor({ timeout: WAIT });
    assert.equal(await page.getByTestId('flow-node').count(), 1);
  });

  test('menu, question and ticket nodes are added through their dialogs', async () => {
    await addNode('menu');
    await page.getByTestId('flow-menu-modal').getByText('Adicionar menu ao fluxo').waitFor({ timeout: WAIT });
    await page.getByTestId('flow-menu-message').fill('Escolha uma opção:');
    await page.getByTestId('flow-menu-option').first().fill('Falar com atendente');
    await page.getByTestId('flow-menu-add-option').click();
    await page.getByTestId('flow-menu-option').nth(1).fill('Encerrar');
    await page.getByTestId('flow-menu-save').click();
    await node('menu').getByText('[2] Encerrar').waitFor({ timeout: WAIT });

    await addNode('question');
    await page.getByTestId('flow-question-modal').getByText('Adicionar Perguta ao fluxo').waitFor({ timeout: WAIT });
    await page.getByTestId('flow-question-message').fill('Qual é o seu nome?');
    await page.getByTestId('flow-question-answer-key').fill('nome');
    await page.getByTestId('flow-question-save').click();
    await node('question').getByText('{{nome}}').waitFor({ timeout: WAIT });

    await addNode('ticket');
    await page.getByTestId('flow-ticket-save').click();
    await page.getByTestId('flow-ticket-modal').getByText('Adicione uma fila').waitFor({ timeout: WAIT });
    await page.getByTestId('flow-ticket-queue').click();
    await page.getByTestId(`flow-ticket-queue-${queue.id}`).click();
    await page.getByTestId('flow-ticket-save').click();
    await node('ticket').getByText(queue.name).waitFor({ timeout: WAIT });
    assert.equal(await page.getByTestId('flow-node').count(), 4);
  });

  test('the nodes connect handle to handle, and a double-click edits', async () => {
    await fitView();
    await connect(handle('start', 'a'), handle('menu', 'target'));
    await connect(handle('menu', 'a1'), handle('question', 'target'));
    await connect(handle('question', 'a'), handle('ticket', 'target'));
    await eventually(async () => (await page.locator('.react-flow__edge').count()) === 3, { timeout: WAIT });

    await node('question').dblclick();
    await page.getByTestId('flow-question-modal').getByText('Editar Perguta').waitFor({ timeout: WAIT });
    assert.equal(await page.getByTestId('flow-question-answer-key').inputValue(), 'nome');
    await page.getByTestId('flow-question-cancel').click();
  });

  test('a flow that cannot run is refused naming the node; once whole it saves', async () => {
    // The menu's second option leads nowhere yet: the server refuses the save and says so.
    await page.getByTestId('flow-save').click();
    await waitForText(page, 'toast', 'a opção 2 não está ligada');
    await connect(handle('menu', 'a2'), handle('ticket', 'target'));
    await eventually(async () => (await page.locator('.react-flow__edge').count()) === 4, { timeout: WAIT });
  });

  test('saving keeps every node and edge across a reload', async () => {
    await page.getByTestId('flow-save').click();
    await waitForText(page, 'toast', 'Fluxo salvo com sucesso');

    const saved = await call('GET', `/flowbuilder/flow/${flowId}`, { token });
    const { nodes, connections } = saved.flow.flow;
    assert.deepEqual(nodes.map((n) => n.type).sort(), ['menu', 'question', 'start', 'ticket']);
    const idOf = (type) => nodes.find((n) => n.type === type).id;
    const edge = (source, target) => connections.find((c) => c.source === idOf(source) && c.target === idOf(target));
    assert.equal(edge('start', 'menu')?.sourceHandle, 'a');
    assert.equal(edge('menu', 'question')?.sourceHandle, 'a1');
    assert.ok(edge('question', 'ticket'));
    assert.equal(edge('menu', 'ticket')?.sourceHandle, 'a2');
    const ticket = nodes.find((n) => n.type === 'ticket');
    assert.equal(ticket.data.queueId, queue.id);
    const question = nodes.find((n) => n.type === 'question');
    assert.deepEqual(question.data.typebotIntegration, { message: 'Qual é o seu nome?', answerKey: 'nome' });
    assert.match(idOf('menu'), /^[A-Za-z0-9]{30}$/);

    await page.reload();
    await page.getByText('Desenhe seu fluxo').waitFor({ timeout: WAIT });
    await eventually(async () => (await page.getByTestId('flow-node').count()) === 4, { timeout: WAIT });
    await eventually(async () => (await page.locator('.react-flow__edge').count()) === 4, { timeout: WAIT });
    await node('menu').getByText('[1] Falar com atendente').waitFor({ timeout: WAIT });
    await node('ticket').getByText(queue.name).waitFor({ timeout: WAIT });
  });

  test('a node deleted by its icon takes its edges; the list duplicates and deletes', async () => {
    await node('ticket').getByTestId('flow-node-delete').click();
    await eventually(async () => (await page.getByTestId('flow-node').count()) === 3, { timeout: WAIT });
    await eventually(async () => (await page.locator('.react-flow__edge').count()) === 2, { timeout: WAIT });
    await node('menu').getByTestId('flow-node-duplicate').click();
    await eventually(async () => (await node('menu').count()) === 2, { timeout: WAIT });

    // The editor asks before leaving unsaved changes: leave anyway.
    page.once('dialog', (dialog) => dialog.accept());
    await page.goto(url('/flowbuilders'));
    const row = page.locator(`[data-testid="flow-row"][data-id="${flowId}"]`);
    await row.getByTestId('flow-menu').click();
    await page.getByTestId('flow-menu-duplicate').click();
    await page.getByTestId('flow-confirm').getByText('Tem certeza que deseja duplicar este fluxo?').waitFor({ timeout: WAIT });
    await page.getByTestId('flow-confirm-confirm').click();
    await waitForText(page, 'toast', 'Fluxo duplicado com sucesso');
    await eventually(async () => (await page.getByTestId('flow-row').count()) >= 2, { timeout: WAIT });

    await row.getByTestId('flow-menu').click();
    await page.getByTestId('flow-menu-delete').click();
    await page.getByTestId('flow-confirm').getByText('Todas as integrações relacionados serão perdidos.').waitFor({ timeout: WAIT });
    await page.getByTestId('flow-confirm-confirm').click();
    await waitForText(page, 'toast', 'Fluxo excluído com sucesso');
    await eventually(async () => (await row.count()) === 0, { timeout: WAIT });
  });
});
