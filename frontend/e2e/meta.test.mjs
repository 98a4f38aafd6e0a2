import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN_EMAIL, ADMIN_PASSWORD, BASE_URL, WAIT, LONG_WAIT, eventually, launchBrowser, url, waitForPath, adminPage } from './helpers.mjs';

/*
 * The WhatsApp Cloud API channel end to end: scripts/e2e.sh runs a fake Graph API
 * (pkg/testutil/fakegraph) at FAKEGRAPH_URL and points the app at it. An admin creates the
 * connection in the UI, the fake posts a signed customer webhook, the attendant answers,
 * the fake receives the send and posts its statuses back, which become read ticks.
 */

const FAKEGRAPH_URL = (process.env.FAKEGRAPH_URL || 'http://127.0.0.1:9099').replace(/\/$/, '');
const stamp = Date.now().toString(36);
const phoneId = `PN${stamp}`;
const customer = { number: `55219${String(Date.now()).slice(-8)}`, name: `Cliente Cloud ${stamp}` };
const connectionName = `Cloud API ${stamp}`;
const answer = `Resposta pela API oficial ${stamp}`;

const randomColor = () => `#${Math.floor(Math.random() * 0xffffff).toString(16).padStart(6, '0')}`;

async function call(method, base, path, { token, body } = {}) {
  const headers = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}
const api = (method, path, opts) => call(method, BASE_URL, path, opts);
const fake = (method, path, opts) => call(method, FAKEGRAPH_URL, path, opts);

describe('WhatsApp Cloud API against the fake Graph server', { timeout: 300000 }, () => {
  let browser;
  let page;
  const ticketItem = (list) => page.locator(`[data-testid="${list}"] [data-testid="ticket-item"]`).filter({ hasText: customer.name });

  before(async () => {
    const { token } = await api('POST', '/auth/login', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
    // The admin works a queue and sees tickets that have none yet (allTicket).
    const queues = await api('GET', '/queue', { token });
    const queue = (Array.isArray(queues) && queues[0]) || await api('POST', '/queue', {
      token, body: { name: `Fila ${stamp}`, color: randomColor(), greetingMessage: 'Bem-vindo!' },
    });
    const me = await api('GET', '/auth/me', { token });
    await api('PUT', `/users/${me.id}`, { token, body: { queueIds: [...(me.queues || []).map((q) => q.id), queue.id], allTicket: 'enable' } });
    browser = await launchBrowser();
    page = await adminPage(browser, { contextOptions: { viewport: { width: 1366, height: 800 } } });
  });

  after(async () => {
    await browser?.close();
  });

  test('an admin creates a Cloud API connection with its phone number id and token', async () => {
    await page.getByTestId('menu-connections').click();
    await waitForPath(page, '/connections');
    await page.getByTestId('connections-add').click();
    await page.getByTestId('connection-name').fill(connectionName);
    await page.getByTestId('connection-channel-select').click();
    await page.getByTestId('connection-channel-select-whatsappapi').click();
    await page.getByTestId('connection-externalId').fill(phoneId);
    await page.getByTestId('connection-accessToken').fill(`TOKEN-${stamp}`);
    const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/whatsapp' && r.request().method() === 'POST', { timeout: WAIT });
    await page.getByTestId('connection-save').click();
    const res = await created;
    assert.equal(res.status(), 201, await res.text());
    const saved = await res.json();
    assert.equal(saved.externalId, phoneId);
    assert.equal(saved.accessToken, undefined, 'the access token is never sent back');
    const row = page.locator(`[data-testid="connection-row"][data-name="${connectionName}"]`);
    await row.waitFor({ timeout: WAIT });
    assert.equal(await row.getAttribute('data-channel'), 'whatsappapi');
    assert.equal(await row.getAttribute('data-status'), 'CONNECTED');
  });

  test('a customer webhook opens a ticket; the reply reaches Graph and comes back read', async () => {
    await page.getByTestId('menu-tickets').click();
    await waitForPath(page, '/tickets');
    await page.getByTestId('tickets-tab-pending').click();
    await page.getByTestId('tickets-list-pending').waitFor({ timeout: WAIT });
    await page.waitForTimeout(1000);

    const posted = await fake('POST', '/_fake/customer', {
      body: { phoneNumberId: phoneId, from: customer.number, name: customer.name, text: `Oi, é pela API oficial ${stamp}` },
    });
    assert.equal(posted.webhookStatus, 200);
    const item = ticketItem('tickets-list-pending');
    await item.waitFor({ timeout: LONG_WAIT });
    await item.click();
    await page.getByTestId('ticket-view').waitFor({ timeout: WAIT });
    await page.getByTestId('message').filter({ hasText: 'pela API oficial' }).waitFor({ timeout: WAIT });
    await page.getByTestId('channel-24h-banner').waitFor({ timeout: WAIT });

    await page.getByTestId('ticket-accept').click();
    const modal = page.getByTestId('accept-queue-modal');
    if (await modal.waitFor({ timeout: 3000 }).then(() => true, () => false)) {
      const confirm = page.getByTestId('accept-queue-confirm');
      if (await confirm.isDisabled()) {
        await page.getByTestId('accept-queue-select').click();
        await page.getByTestId('accept-queue-option').first().click();
      }
      await confirm.click();
    }
    await page.locator('[data-testid="ticket-view"][data-status="open"]').waitFor({ timeout: WAIT });

    await page.getByTestId('message-text').fill(answer);
    await page.getByTestId('message-send').click();
    await page.locator('[data-testid="message"][data-from-me="true"]').filter({ hasText: answer }).waitFor({ timeout: WAIT });

    // The body may carry the attendant's signature before the text.
    const sent = await eventually(async () => ((await fake('GET', '/_fake/sent')) || []).find((s) => s.text.includes(answer)));
    assert.equal(sent.from, phoneId);
    assert.equal(sent.to, customer.number);
    assert.equal(sent.type, 'text');

    const own = page.locator('[data-testid="message"][data-from-me="true"]').filter({ hasText: answer });
    await eventually(async () => Number(await own.getByTestId('message-ack').getAttribute('data-ack')) >= 3);
    assert.equal(await own.getByTestId('message-ack').getAttribute('data-color'), 'read');
  });
});
