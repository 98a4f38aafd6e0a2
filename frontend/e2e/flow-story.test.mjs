import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ADMIN_EMAIL, ADMIN_PASSWORD, LONG_WAIT, WAIT, adminPage, call, eventually, launchBrowser, signIn, url, waitForPath, waitForText,
} from './helpers.mjs';
import { flowEditor } from './flow-editor.mjs';

// Issue 14 as one story, all through the web app: an administrator draws a flow (a question
// saving {{nome}}, a menu that uses it, a ticket node for a queue), saves it, makes a
// flowbuilder integration, a sandbox connection answered by it and a phrase campaign that
// starts the flow; then plays the customer in the connection's simulator, finds the ticket
// waiting in the queue with the answer in its conversation, and reads the run counts on the
// canvas. A second administrator's tab on the lists sees the flow and the campaign arrive, be
// renamed, duplicated and deleted, without a reload.

const stamp = Date.now().toString(36);
const flowName = `Historia ${stamp}`;
const integrationName = `Fluxos ${stamp}`;
const connectionName = `Historia ${stamp}`;
const campaignName = `Frase ${stamp}`;
const customerName = `Cliente ${stamp}`;
const randomColor = () => `#${Math.floor(Math.random() * 0xffffff).toString(16).padStart(6, '0')}`;

describe('a flow drawn, attached and walked through the web app', { timeout: 400000 }, () => {
  let browser;
  let page;
  let watcher;
  let queue;
  let flowId;
  let connectionId;
  let editor;

  before(async () => {
    // The queue comes from the API; the admin works it, so its pending tickets show in the inbox.
    const seeded = (await call('POST', '/auth/login', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } })).token;
    const me = await call('GET', '/auth/me', { token: seeded });
    queue = await call('POST', '/queue', {
      token: seeded, body: { name: `Fila historia ${stamp}`, color: randomColor(), greetingMessage: 'Fila da história', orderQueue: 7 },
    });
    const queueIds = [...new Set([...(me.queues || []).map((q) => q.id), queue.id])];
    await call('PUT', `/users/${me.id}`, { token: seeded, body: { queueIds } });
    // Another administrator of the company keeps the lists open in a browser of their own.
    const other = { name: `Story admin ${stamp}`, email: `story-admin-${stamp}@atende.local`, password: `Story@${stamp}1234`, profile: 'admin' };
    await call('POST', '/users', { token: seeded, body: other });

    browser = await launchBrowser();
    page = await adminPage(browser, { contextOptions: { viewport: { width: 1440, height: 900 } } });
    editor = flowEditor(page);
    watcher = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await signIn(watcher, other.email, other.password);
    await waitForPath(watcher, '/tickets');
    await watcher.goto(url('/flowbuilders'));
    await watcher.getByText('Fluxos de conversa').first().waitFor({ timeout: WAIT });
  });

  after(async () => {
    await browser?.close();
  });

  test('the flow is drawn in the editor and saved, and the other tab lists it live', async () => {
    const { node, handle, connect, addNode, fitView } = editor;
    await page.getByTestId('menu-flowbuilders').click();
    await waitForPath(page, '/flowbuilders');
    await page.getByTestId('flows-add').click();
    await page.getByTestId('flow-name-input').fill(flowName);
    await page.getByTestId('flow-name-save').click();
    const row = page.locator(`[data-testid="flow-row"][data-name="${flowName}"]`);
    await row.waitFor({ timeout: WAIT });
    // The second administrator's list gains the flow without a reload.
    await watcher.locator(`[data-testid="flow-row"][data-name="${flowName}"]`).waitFor({ timeout: WAIT });
    await row.click();
    await page.waitForURL(/\/flowbuilder\/\d+$/, { timeout: WAIT });
    flowId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByText('Desenhe seu fluxo').waitFor({ timeout: WAIT });

    await addNode('question');
    await page.getByTestId('flow-question-message').fill('Qual é o seu nome?');
    await page.getByTestId('flow-question-answer-key').fill('nome');
    await page.getByTestId('flow-question-save').click();
    await node('question').getByText('{{nome}}').waitFor({ timeout: WAIT });

    // The menu's message takes the saved variable from its chip.
    await addNode('menu');
    await page.getByTestId('flow-menu-message').fill('Obrigado, ');
    await page.getByTestId('flow-menu-modal').getByTestId('flow-variable').filter({ hasText: '{{nome}}' }).click();
    const message = page.getByTestId('flow-menu-message');
    assert.equal(await message.inputValue(), 'Obrigado, {{nome}}');
    await message.fill(`${await message.inputValue()}! Escolha:`);
    await page.getByTestId('flow-menu-option').first().fill('Falar com atendente');
    await page.getByTestId('flow-menu-save').click();
    await node('menu').getByText('[1] Falar com atendente').waitFor({ timeout: WAIT });

    await addNode('ticket');
    await page.getByTestId('flow-ticket-queue').click();
    await page.getByTestId(`flow-ticket-queue-${queue.id}`).click();
    await page.getByTestId('flow-ticket-save').click();
    await node('ticket').getByText(queue.name).waitFor({ timeout: WAIT });

    await fitView();
    await connect(handle('start', 'a'), handle('question', 'target'));
    await connect(handle('question', 'a'), handle('menu', 'target'));
    await connect(handle('menu', 'a1'), handle('ticket', 'target'));
    await eventually(async () => (await page.locator('.react-flow__edge').count()) === 3, { timeout: WAIT });
    await page.getByTestId('flow-save').click();
    await waitForText(page, 'toast', 'Fluxo salvo com sucesso');
  });

  test('a flowbuilder integration, a sandbox connection answered by it and a phrase campaign', async () => {
    await page.getByTestId('menu-integrations').click();
    await waitForPath(page, '/queue-integration');
    await page.getByTestId('integrations-add').click();
    await page.getByTestId('integration-type').click();
    await page.getByTestId('integration-type-flowbuilder').click();
    await page.getByTestId('integration-name').fill(integrationName);
    await page.getByTestId('integration-save').click();
    const integration = page.locator(`[data-testid="integration-row"][data-name="${integrationName}"]`);
    await integration.waitFor({ timeout: WAIT });

    await page.getByTestId('menu-connections').click();
    await waitForPath(page, '/connections');
    await page.getByTestId('connections-add').click();
    await page.getByTestId('connection-name').fill(connectionName);
    await page.getByTestId('connection-channel-select').click();
    await page.getByTestId('connection-channel-select-sandbox').click();
    await page.getByTestId('connection-tab-integrations').click();
    await page.getByTestId('connection-integration').click();
    await page.getByRole('option', { name: integrationName }).click();
    await page.getByTestId('connection-save').click();
    await waitForText(page, 'toast', 'Conexão salva com sucesso!');
    const connection = page.locator(`[data-testid="connection-row"][data-name="${connectionName}"]`);
    await connection.locator('[data-testid="connection-status"][data-status="CONNECTED"]').waitFor({ timeout: WAIT });
    connectionId = Number(await connection.getAttribute('data-id'));

    await watcher.goto(url('/phrase-lists'));
    await watcher.getByTestId('phrases-add').waitFor({ timeout: WAIT });
    await page.getByTestId('menu-phrase-lists').click();
    await waitForPath(page, '/phrase-lists');
    await page.getByTestId('phrases-add').click();
    await page.getByTestId('phrase-name').fill(campaignName);
    await page.getByTestId('phrase-flow').fill(flowName);
    await page.getByRole('option', { name: flowName }).click();
    await page.getByTestId('phrase-connection').click();
    await page.getByTestId(`phrase-connection-${connectionId}`).click();
    await page.getByTestId('phrase-phrase').fill('Quero atendimento');
    await page.getByTestId('phrase-save').click();
    await waitForText(page, 'toast', 'Frase criada com sucesso!');
    await page.locator(`[data-testid="phrase-row"][data-name="${campaignName}"]`).waitFor({ timeout: WAIT });
    // The other administrator's campaign list follows without a reload.
    await watcher.locator(`[data-testid="phrase-row"][data-name="${campaignName}"]`).waitFor({ timeout: WAIT });
  });

  test('the customer, played in the simulator, walks the flow: the answer comes back in the menu', async () => {
    await page.getByTestId('menu-connections').click();
    await waitForPath(page, '/connections');
    await page.locator(`[data-testid="connection-row"][data-name="${connectionName}"]`).getByTestId('connection-simulate').click();
    await page.getByTestId('simulate-panel').waitFor({ timeout: WAIT });
    await page.getByTestId('simulate-random').click();
    await page.getByTestId('simulate-name').fill(customerName);
    await page.getByTestId('simulate-start').click();
    await waitForText(page, 'simulate-customer-header', customerName);

    const fromAtende = (text) => page.locator('[data-testid="simulate-message"][data-from="atende"]').filter({ hasText: text });
    const say = async (text) => {
      await page.getByTestId('simulate-input').fill(text);
      await page.getByTestId('simulate-send').click();
    };
    await say('  quero ATENDIMENTO ');
    await fromAtende('Qual é o seu nome?').first().waitFor({ timeout: LONG_WAIT });
    await say('Maria');
    await fromAtende('Obrigado, Maria! Escolha:').first().waitFor({ timeout: LONG_WAIT });
    assert.match(await fromAtende('Obrigado, Maria!').first().textContent(), /\[1\] Falar com atendente/);
    await say('1');
    await page.getByTestId('simulate-close').click();
  });

  test('the ticket waits in the queue, with the answer used in its conversation', async () => {
    await page.getByTestId('menu-tickets').click();
    await page.getByTestId('tickets-tab-pending').click();
    const item = page.locator('[data-testid="tickets-list-pending"] [data-testid="ticket-item"]').filter({ hasText: customerName });
    await item.waitFor({ timeout: LONG_WAIT });
    await eventually(async () => (await item.textContent()).includes(queue.name), { timeout: LONG_WAIT });
    await item.click();
    await page.getByTestId('ticket-view').waitFor({ timeout: WAIT });
    await page.getByTestId('message').filter({ hasText: 'Obrigado, Maria! Escolha:' }).first().waitFor({ timeout: WAIT });
  });

  test('the canvas counts the run on each node and edge', async () => {
    const { node, stats } = editor;
    await page.getByTestId('menu-flowbuilders').click();
    await page.locator(`[data-testid="flow-row"][data-id="${flowId}"]`).click();
    await page.getByText('Desenhe seu fluxo').waitFor({ timeout: WAIT });
    await page.getByTestId('flow-stats-toggle').check();
    await eventually(async () => (await stats('ticket').getAttribute('data-entered').catch(() => null)) === '1', { timeout: LONG_WAIT });
    for (const type of ['question', 'menu']) {
      assert.equal(await stats(type).getAttribute('data-entered'), '1', type);
      assert.equal(await stats(type).getAttribute('data-stopped'), '0', type);
    }
    await node('menu').getByText('1 entrou').waitFor({ timeout: WAIT });
    const labels = await page.locator('.react-flow__edge-text').allTextContents();
    assert.deepEqual(labels, ['1', '1', '1']);
  });

  test('renames, a duplicate and deletes reach the other administrator\'s open lists without a reload', async () => {
    const flowRow = (p, name) => p.locator(`[data-testid="flow-row"][data-name="${name}"]`);
    const renamed = `${flowName} v2`;
    await watcher.goto(url('/flowbuilders'));
    await flowRow(watcher, flowName).waitFor({ timeout: WAIT });
    await page.getByTestId('menu-flowbuilders').click();
    await waitForPath(page, '/flowbuilders');
    await flowRow(page, flowName).getByTestId('flow-menu').click();
    await page.getByTestId('flow-menu-rename').click();
    await page.getByTestId('flow-name-input').fill(renamed);
    await page.getByTestId('flow-name-save').click();
    await flowRow(watcher, renamed).waitFor({ timeout: WAIT });

    await flowRow(page, renamed).getByTestId('flow-menu').click();
    await page.getByTestId('flow-menu-duplicate').click();
    await page.getByTestId('flow-confirm-confirm').click();
    await waitForText(page, 'toast', 'Fluxo duplicado com sucesso');
    const copy = `${renamed} - cópia`;
    await flowRow(watcher, copy).waitFor({ timeout: WAIT });
    await flowRow(page, copy).getByTestId('flow-menu').click();
    await page.getByTestId('flow-menu-delete').click();
    await page.getByTestId('flow-confirm-confirm').click();
    await waitForText(page, 'toast', 'Fluxo excluído com sucesso');
    await eventually(async () => (await flowRow(watcher, copy).count()) === 0, { timeout: WAIT });

    const phraseRow = (p, name) => p.locator(`[data-testid="phrase-row"][data-name="${name}"]`);
    await watcher.goto(url('/phrase-lists'));
    await phraseRow(watcher, campaignName).waitFor({ timeout: WAIT });
    await page.getByTestId('menu-phrase-lists').click();
    await waitForPath(page, '/phrase-lists');
    await phraseRow(page, campaignName).getByTestId('phrase-edit').click();
    await eventually(async () => (await page.getByTestId('phrase-name').inputValue()) === campaignName, { timeout: WAIT });
    await page.getByTestId('phrase-name').fill(`${campaignName} v2`);
    await page.getByTestId('phrase-save').click();
    await waitForText(page, 'toast', 'Frase alterada com sucesso!');
    await phraseRow(watcher, `${campaignName} v2`).waitFor({ timeout: WAIT });
    await phraseRow(page, `${campaignName} v2`).getByTestId('phrase-delete').click();
    await page.getByTestId('phrase-delete-dialog-confirm').click();
    await waitForText(page, 'toast', 'Frase deletada');
    await eventually(async () => (await phraseRow(watcher, `${campaignName} v2`).count()) === 0, { timeout: WAIT });
  });
});
