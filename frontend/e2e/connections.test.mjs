import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, WAIT, eventually, launchBrowser, url, waitForPath, waitForText, adminPage } from './helpers.mjs';

/*
 * Connections and the external messages API, through the UI, against a sandbox connection.
 * Subtests that need endpoints built on the backend branch `conn` say so in their name:
 * /whatsapp/{id}/media-upload, POST /api/messages/send (messages-api) and GET /whatsapp/all.
 */

const stamp = Date.now().toString(36);
const name = `Conexão e2e ${stamp}`;
const spare = `Descartável ${stamp}`;
const customer = `55119${String(Date.now()).slice(-8)}`;

/** What Atende delivered to a sandbox customer (GET /sandbox/{id}/outbound, bearer = connection token). */
async function outbound(connection, number) {
  const res = await fetch(`${BASE_URL}/sandbox/${connection.id}/outbound?number=${number}`, {
    headers: { Accept: 'application/json', Authorization: `Bearer ${connection.token}` },
  });
  assert.equal(res.status, 200, await res.clone().text());
  return (await res.json())?.messages || [];
}

describe('connections page, connection modal and the messages API', { timeout: 300000 }, () => {
  let browser;
  let page;
  const connection = { id: 0, token: '' };

  const row = (rowName) => page.locator(`[data-testid="connection-row"][data-name="${rowName}"]`);
  const tokenValue = () => page.getByTestId('connection-token').inputValue();

  const closed = () => page.getByTestId('connection-form').waitFor({ state: 'detached', timeout: WAIT });
  const cancel = async () => {
    await page.getByTestId('connection-cancel').click();
    await closed();
  };

  /** Opens the edit modal of a row and waits for its token (read afresh from GET /whatsapp/{id}). */
  async function openEdit(rowName) {
    await row(rowName).getByTestId('connection-edit').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="connection-token"]')?.value.length === 30, null, { timeout: WAIT });
  }

  async function createSandbox(rowName) {
    await page.getByTestId('connections-add').click();
    await page.getByTestId('connection-name').fill(rowName);
    await page.getByTestId('connection-channel-select').click();
    await page.getByTestId('connection-channel-select-sandbox').click();
    const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/whatsapp' && r.request().method() === 'POST', { timeout: WAIT });
    await page.getByTestId('connection-save').click();
    assert.equal((await created).status(), 201);
    await closed();
    await row(rowName).waitFor({ timeout: WAIT });
  }

  before(async () => {
    browser = await launchBrowser();
    page = await adminPage(browser);
  });

  after(async () => {
    await browser?.close();
  });

  test('the modal refuses a bad name, shows every tab and creates a sandbox connection', async () => {
    await page.getByTestId('menu-connections').click();
    await waitForPath(page, '/connections');
    // The lookups of every tab (queues, integrations, AI prompts, flows) answer: no call fails.
    const failed = [];
    const onResponse = (r) => r.status() >= 400 && failed.push(`${r.status()} ${new URL(r.url()).pathname}`);
    page.on('response', onResponse);
    await page.getByTestId('connections-add').click();
    const form = page.getByTestId('connection-form');
    // One size for every tab: the dialog does not jump while the tabs are visited.
    const paper = page.getByTestId('connection-modal').locator('.MuiDialog-paper');
    const sizes = new Set();
    for (const tab of ['general', 'messages', 'chatbot', 'assessments', 'integrations']) {
      await page.getByTestId(`connection-tab-${tab}`).click();
      const box = await paper.boundingBox();
      sizes.add(`${Math.round(box.width)}x${Math.round(box.height)}`);
    }
    assert.equal(sizes.size, 1, [...sizes].join(' '));
    // The seeded plan has integrations: the tab picks one and the flows it starts.
    await page.getByTestId('connection-tab-integrations').click();
    await page.getByTestId('connection-flow-welcome').waitFor({ timeout: WAIT });
    await page.getByTestId('connection-tab-general').click();
    // The spec's defaults: the chatbot sends its menu at most 3 times.
    await page.getByTestId('connection-tab-chatbot').click();
    assert.equal(await page.getByTestId('connection-maxUseBotQueues').inputValue(), '3');
    await page.getByTestId('connection-tab-assessments').click();
    assert.equal(await page.getByTestId('connection-maxUseBotQueuesNPS').inputValue(), '3');

    // A bad name sends the user back to the general tab with the spec's message.
    await page.getByTestId('connection-save').click();
    await form.getByText('Obrigatório').waitFor({ timeout: WAIT });
    await page.getByTestId('connection-name').fill('A');
    await page.getByTestId('connection-save').click();
    await form.getByText('Muito curto!').waitFor({ timeout: WAIT });

    await page.getByTestId('connection-name').fill(name);
    await page.getByTestId('connection-channel-select').click();
    await page.getByTestId('connection-channel-select-sandbox').click();
    await page.getByTestId('connection-greetingMessage').fill(`Olá! Aqui é a ${name}.`);
    const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/whatsapp' && r.request().method() === 'POST', { timeout: WAIT });
    await page.getByTestId('connection-save').click();
    const answer = await created;
    assert.equal(answer.status(), 201);
    const saved = await answer.json();
    Object.assign(connection, { id: saved.id, token: saved.token });
    assert.equal(connection.token.length, 30);
    await waitForText(page, 'toast', 'Conexão salva com sucesso!');
    await closed();
    page.off('response', onResponse);
    assert.deepEqual(failed, []);

    const listed = row(name);
    await listed.waitFor({ timeout: WAIT });
    assert.equal(await listed.getAttribute('data-channel'), 'sandbox');
    // The sandbox has no session to drive: connected at once, without session buttons.
    assert.equal(await listed.getAttribute('data-status'), 'CONNECTED');
    assert.equal(await listed.locator('[data-testid^="connection-session-"]').count(), 0);
  });

  test('editing a field keeps it', async () => {
    await openEdit(name);
    assert.equal(await page.getByTestId('connection-greetingMessage').inputValue(), `Olá! Aqui é a ${name}.`);
    await page.getByTestId('connection-tab-chatbot').click();
    await page.getByTestId('connection-maxUseBotQueues').fill('5');
    await page.getByTestId('connection-tab-messages').click();
    await page.getByTestId('connection-complationMessage').fill('Obrigado pelo contato!');
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname === `/whatsapp/${connection.id}` && r.request().method() === 'PUT', { timeout: WAIT });
    await page.getByTestId('connection-save').click();
    assert.equal((await saved).status(), 200);
    await closed();

    await openEdit(name);
    await page.getByTestId('connection-tab-chatbot').click();
    assert.equal(await page.getByTestId('connection-maxUseBotQueues').inputValue(), '5');
    await page.getByTestId('connection-tab-messages').click();
    assert.equal(await page.getByTestId('connection-complationMessage').inputValue(), 'Obrigado pelo contato!');
    await cancel();
  });

  test('regenerating the token issues a new one on save', async () => {
    await openEdit(name);
    const before = await tokenValue();
    assert.equal(before, connection.token);
    await page.getByTestId('connection-token-regenerate').click();
    assert.equal(await tokenValue(), '');
    await page.getByTestId('connection-form').getByText('Um novo token será gerado ao salvar.').waitFor({ timeout: WAIT });
    await page.getByTestId('connection-save').click();
    await closed();

    await openEdit(name);
    const after = await tokenValue();
    assert.equal(after.length, 30);
    assert.notEqual(after, before);
    connection.token = after;
    await cancel();
  });

  test('[needs conn: /whatsapp/{id}/media-upload] the greeting media is uploaded, shown and removed', async () => {
    const file = `saudacao-${stamp}.txt`;
    const mediaCall = (method) => page.waitForResponse(
      (r) => new URL(r.url()).pathname === `/whatsapp/${connection.id}/media-upload` && r.request().method() === method, { timeout: WAIT },
    );
    await openEdit(name);
    await page.getByTestId('connection-greeting-media-input').setInputFiles({ name: file, mimeType: 'text/plain', buffer: Buffer.from('Bem-vindo!') });
    await waitForText(page, 'connection-greeting-media', file);
    const uploaded = mediaCall('POST');
    await page.getByTestId('connection-save').click();
    assert.equal((await uploaded).status(), 200);
    await closed();

    await openEdit(name);
    await waitForText(page, 'connection-greeting-media', file);
    await page.getByTestId('connection-greeting-media-remove').click();
    const removed = mediaCall('DELETE');
    await page.getByTestId('connection-save').click();
    assert.equal((await removed).status(), 200);
    await closed();

    await openEdit(name);
    assert.equal(await page.getByTestId('connection-greeting-media').count(), 0);
    await cancel();
  });

  test('a connection is deleted after confirmation', async () => {
    await createSandbox(spare);
    await row(spare).getByTestId('connection-delete').click();
    await page.getByTestId('connection-delete-dialog-cancel').click();
    await row(spare).waitFor({ timeout: WAIT });
    await row(spare).getByTestId('connection-delete').click();
    await page.getByTestId('connection-delete-dialog-confirm').click();
    await waitForText(page, 'toast', 'Conexão excluída com sucesso!');
    await row(spare).waitFor({ state: 'detached', timeout: WAIT });
  });

  test('the messages API page documents the endpoint and refuses an incomplete form', async () => {
    await page.getByTestId('menu-messages-api').click();
    await waitForPath(page, '/messages-api');
    await waitForText(page, 'messages-api-url', '/api/messages/send');
    await page.getByTestId('api-text-send').click();
    await page.getByTestId('api-text-form').getByText('Obrigatório').first().waitFor({ timeout: WAIT });
    await page.getByTestId('api-text-number').fill('+55 11');
    await page.getByTestId('api-text-send').click();
    await page.getByTestId('api-text-form').getByText('Informe apenas dígitos, com código do país e DDD').waitFor({ timeout: WAIT });
  });

  test('[needs conn: POST /api/messages/send] a text sent from the test form reaches the sandbox customer', async () => {
    const body = `Teste da API ${stamp}`;
    // The connection picker fills in the connection's token.
    await page.getByTestId('api-text-connection').click();
    await page.getByTestId(`api-text-connection-${connection.id}`).click();
    assert.equal(await page.getByTestId('api-text-token').inputValue(), connection.token);
    await page.getByTestId('api-text-number').fill(customer);
    await page.getByTestId('api-text-body').fill(body);
    const sent = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/messages/send', { timeout: WAIT });
    await page.getByTestId('api-text-send').click();
    const answer = await sent;
    assert.ok(answer.ok(), `${answer.status()} ${await answer.text()}`);
    assert.equal(answer.request().headers().authorization, `Bearer ${connection.token}`);
    await waitForText(page, 'toast', 'Mensagem enviada com sucesso');
    await page.locator(`[data-testid="api-text-answer"][data-status="${answer.status()}"]`).waitFor({ timeout: WAIT });
    await eventually(async () => (await outbound(connection, customer)).find((m) => String(m.body).includes(body)));
  });

  test('[needs conn: POST /api/messages/send] a file sent from the media form reaches the sandbox customer', async () => {
    await page.getByTestId('api-media-token').fill(connection.token);
    await page.getByTestId('api-media-number').fill(customer);
    await page.getByTestId('api-media-body').fill(`Arquivo ${stamp}`);
    await page.getByTestId('api-media-file').setInputFiles({ name: `pedido-${stamp}.txt`, mimeType: 'text/plain', buffer: Buffer.from('pedido 42') });
    await waitForText(page, 'api-media-file-name', `pedido-${stamp}.txt`);
    const sent = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/messages/send', { timeout: WAIT });
    await page.getByTestId('api-media-send').click();
    const answer = await sent;
    assert.ok(answer.ok(), `${answer.status()} ${await answer.text()}`);
    await eventually(async () => (await outbound(connection, customer)).find((m) => m.mediaUrl || m.mediaName));
  });

  test('[needs conn: GET /whatsapp/all] the super user sees every company in /allConnections', async () => {
    // The company list (GET /companies/list) comes with the companies feature: not asked for yet.
    const asked = [];
    const onRequest = (r) => asked.push(new URL(r.url()).pathname);
    page.on('request', onRequest);
    await page.getByTestId('menu-all-connections').click();
    await waitForPath(page, '/allConnections');
    const company = page.locator('[data-testid="all-connections-row"][data-company="1"]');
    await company.waitFor({ timeout: WAIT });
    await company.getByText('Atende').waitFor({ timeout: WAIT });
    const total = Number(await company.getByTestId('all-connections-total').innerText());
    assert.ok(total >= 1, `company 1 lists ${total} connections`);
    const grand = Number(await page.getByTestId('all-connections-summary').getByTestId('all-connections-grand-total').innerText());
    assert.ok(grand >= total, `grand total ${grand} < ${total}`);
    page.off('request', onRequest);
    assert.ok(asked.includes('/whatsapp/all'), asked.join(' '));
    assert.ok(!asked.some((path) => path.startsWith('/companies')), asked.join(' '));
  });
});
