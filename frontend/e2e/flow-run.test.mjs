import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN_EMAIL, ADMIN_PASSWORD, WAIT, LONG_WAIT, adminPage, call, eventually, launchBrowser, url } from './helpers.mjs';

// Issue 14 end to end: a flow with a question, a menu and a ticket node, attached to a sandbox
// connection by a phrase campaign (through its flowbuilder integration); a customer walks it,
// the answer variable comes back in the menu, the ticket lands in the flow's queue, and the
// editor shows how many runs entered each node. Then "Testar no simulador" plays the same
// flow in the browser's simulator, highlighting the node the run is on.

const stamp = Date.now().toString(36);
const randomColor = () => `#${Math.floor(Math.random() * 0xffffff).toString(16).padStart(6, '0')}`;
const nodeId = (tag) => `${tag}${stamp}`.padEnd(30, 'x').slice(0, 30);
const ids = { start: nodeId('start'), question: nodeId('question'), menu: nodeId('menu'), ticket: nodeId('ticket') };

describe('a flow on a sandbox connection', { timeout: 300000 }, () => {
  let browser;
  let page;
  let token;
  let queue;
  let flow;
  let connection;
  const customer = `55119${String(Date.now()).slice(-8)}`;

  const say = (number, body) =>
    call('POST', `/sandbox/${connection.id}/inbound`, { token: connection.token, body: { number, name: `Fluxo ${stamp}`, body } });
  const received = async (number) => {
    const data = await call('GET', `/sandbox/${connection.id}/outbound?number=${number}`, { token: connection.token });
    return (data?.messages || []).map((m) => m.body || '');
  };
  const waitReply = (number, re) => eventually(async () => (await received(number)).find((b) => re.test(b)), { timeout: LONG_WAIT });

  before(async () => {
    // The browser signs in as the seeded admin, which ends that user's API session: the API
    // calls go through a second administrator of the company.
    const seeded = (await call('POST', '/auth/login', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } })).token;
    const helper = { name: `Run admin ${stamp}`, email: `run-admin-${stamp}@atende.local`, password: `Run@${stamp}1234`, profile: 'admin' };
    await call('POST', '/users', { token: seeded, body: helper });
    token = (await call('POST', '/auth/login', { body: { email: helper.email, password: helper.password } })).token;
    queue = await call('POST', '/queue', { token, body: { name: `Fila do fluxo ${stamp}`, color: randomColor(), greetingMessage: 'Fila do fluxo', orderQueue: 8 } });
    flow = await call('POST', '/flowbuilder', { token, body: { name: `Atendimento ${stamp}` } });
    const node = (id, type, x, data) => ({ id, type, position: { x, y: 100 }, data });
    await call('POST', '/flowbuilder/flow', {
      token,
      body: {
        idFlow: flow.id,
        nodes: [
          node(ids.start, 'start', 0, { label: 'Inicio do fluxo' }),
          node(ids.question, 'question', 260, { typebotIntegration: { message: 'Qual é o seu nome?', answerKey: 'nome' } }),
          node(ids.menu, 'menu', 520, { message: 'Obrigado, {{nome}}! Escolha:', arrayOption: [{ number: 1, value: 'Falar com atendente' }] }),
          node(ids.ticket, 'ticket', 780, { queueId: queue.id, name: queue.name }),
        ],
        connections: [
          { id: 'e1', source: ids.start, sourceHandle: 'a', target: ids.question },
          { id: 'e2', source: ids.question, sourceHandle: 'a', target: ids.menu },
          { id: 'e3', source: ids.menu, sourceHandle: 'a1', target: ids.ticket },
        ],
      },
    });
    const integration = await call('POST', '/queueIntegration', { token, body: { name: `Fluxos ${stamp}`, type: 'flowbuilder' } });
    connection = await call('POST', '/whatsapp', { token, body: { name: `Fluxo ${stamp}`, channel: 'sandbox', integrationId: integration.id } });
    await call('POST', '/flowcampaign', { token, body: { name: `Frase ${stamp}`, flowId: flow.id, whatsappId: connection.id, phrase: 'quero atendimento' } });
    browser = await launchBrowser();
    page = await adminPage(browser, { contextOptions: { viewport: { width: 1440, height: 900 } } });
  });

  after(async () => {
    await browser?.close();
  });

  test('the phrase starts the flow; the answer is used and the ticket lands in the queue', async () => {
    await say(customer, '  Quero Atendimento ');
    await waitReply(customer, /Qual é o seu nome\?/);
    await say(customer, 'Maria');
    await waitReply(customer, /Obrigado, Maria! Escolha:/);
    await say(customer, '7');
    // An option that does not exist asks again (decision 9).
    await eventually(async () => (await received(customer)).filter((b) => /Obrigado, Maria!/.test(b)).length >= 2, { timeout: LONG_WAIT });
    await say(customer, '1');
    await eventually(async () => {
      const data = await call('GET', `/tickets?status=pending&queueIds=${JSON.stringify([queue.id])}&showAll=true`, { token });
      return (data?.tickets || []).find((t) => t.contact?.number === customer && t.queueId === queue.id);
    }, { timeout: LONG_WAIT });
  });

  test('the editor shows how many runs entered each node', async () => {
    await page.goto(url(`/flowbuilder/${flow.id}`));
    await page.getByText('Desenhe seu fluxo').waitFor({ timeout: WAIT });
    await page.getByTestId('flow-stats-toggle').check();
    const stats = (id) => page.locator(`[data-testid="flow-node"][data-node-type="${id}"] [data-testid="flow-node-stats"]`);
    await eventually(async () => (await stats('ticket').getAttribute('data-entered').catch(() => null)) === '1', { timeout: LONG_WAIT });
    assert.equal(await stats('question').getAttribute('data-entered'), '1');
    assert.equal(await stats('menu').getAttribute('data-stopped'), '0');
  });

  test('"Testar no simulador" plays the flow in the browser and follows the current node', async () => {
    await page.getByTestId('flow-simulate').click();
    await page.getByTestId('flow-simulate-connection').click();
    await page.getByRole('option', { name: new RegExp(`Fluxo ${stamp}`) }).click();
    await page.getByTestId('flow-simulate-start').click();
    const chat = page.getByTestId('flow-simulator').getByTestId('simulate-messages');
    await chat.getByText('Qual é o seu nome?').first().waitFor({ timeout: LONG_WAIT });
    const input = page.getByTestId('flow-simulator').getByTestId('simulate-input');
    await input.fill('Joana');
    await page.getByTestId('flow-simulator').getByTestId('simulate-send').click();
    await chat.getByText('Obrigado, Joana! Escolha:').first().waitFor({ timeout: LONG_WAIT });
    // The run waits on the menu: the editor marks it as the current node.
    await eventually(async () => (await page.locator(`[data-testid="flow-node"][data-node-type="menu"]`).getAttribute('data-active')) === 'true',
      { timeout: LONG_WAIT });
  });
});
