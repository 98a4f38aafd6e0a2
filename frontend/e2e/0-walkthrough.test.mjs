// Named to run first (node --test takes the files in name order): it needs a fresh install.
// The README's "Attendance: try it with the sandbox channel", to the letter, on a fresh
// install: the seeded super admin (no queue, no allTicket, no queue in the company) creates a
// sandbox connection, writes as a customer from "Simular cliente", finds the ticket under
// Aguardando (and the customer's next message there in real time), accepts it and answers;
// the simulator shows what the customer got, read.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN_EMAIL, ADMIN_PASSWORD, BASE_URL, WAIT, LONG_WAIT, launchBrowser, signIn, url, waitForPath, waitForText } from './helpers.mjs';

const stamp = Date.now().toString(36);
const connectionName = `Sandbox ${stamp}`;
const customerName = `Maria ${stamp}`;

describe('README sandbox walk-through as the super admin', { timeout: 300000 }, () => {
  let browser;
  let page;
  let connection; // { id, token }
  let customerNumber;

  const row = () => page.locator(`[data-testid="connection-row"][data-name="${connectionName}"]`);
  const open = async (menu, path) => {
    await page.getByTestId(menu).click();
    await waitForPath(page, path);
  };
  const pendingItem = () => page.locator('[data-testid="tickets-list-pending"] [data-testid="ticket-item"]').filter({ hasText: customerName });

  before(async () => {
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1366, height: 800 } })).newPage();
    page.on('pageerror', (error) => console.error('page error:', error));
  });

  after(async () => {
    await browser?.close();
  });

  test('step 1: Conexões → a sandbox connection, created connected with a 30-character token', async () => {
    await page.goto(url('/login'));
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await waitForPath(page, '/tickets');
    const me = await page.evaluate(async () => {
      const res = await fetch('/auth/me', { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } });
      return res.json();
    });
    assert.equal(me.allTicket, 'disable', 'the seeded super admin lacks allTicket');
    assert.equal((me.queues || []).length, 0, 'and has no queue');

    await open('menu-connections', '/connections');
    await page.getByTestId('connections-add').click();
    await page.getByTestId('connection-name').fill(connectionName);
    await page.getByTestId('connection-channel-select').click();
    await page.getByTestId('connection-channel-select-sandbox').click();
    await page.getByTestId('connection-save').click();
    await waitForText(page, 'toast', 'Conexão salva com sucesso!');
    await row().locator('[data-testid="connection-status"][data-status="CONNECTED"]').waitFor({ timeout: WAIT });
    await row().getByTestId('connection-edit').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="connection-token"]')?.value.length === 30, null, { timeout: WAIT });
    connection = { id: await row().getAttribute('data-id'), token: await page.getByTestId('connection-token').inputValue() };
    await page.getByTestId('connection-cancel').click();
  });

  test('step 2: Simular cliente: a number, a name, a message', async () => {
    await row().getByTestId('connection-simulate').click();
    await page.getByTestId('simulate-panel').waitFor({ timeout: WAIT });
    await page.getByTestId('simulate-random').click();
    customerNumber = await page.getByTestId('simulate-number').inputValue();
    await page.getByTestId('simulate-name').fill(customerName);
    await page.getByTestId('simulate-start').click();
    await waitForText(page, 'simulate-customer-header', customerName);
    await page.getByTestId('simulate-input').fill('Olá! Quero saber do meu pedido.');
    await page.getByTestId('simulate-send').click();
    await page.locator('[data-testid="simulate-message"][data-from="customer"] [data-testid="simulate-send-state"][data-state="sent"]')
      .waitFor({ timeout: WAIT });
    await page.getByTestId('simulate-close').click();
  });

  test('step 3: Atendimentos shows it under Aguardando, in real time', async () => {
    await open('menu-tickets', '/tickets');
    await page.getByTestId('tickets-tab-pending').click();
    await pendingItem().waitFor({ timeout: LONG_WAIT });
    assert.match(await pendingItem().getByTestId('ticket-queue-tag').textContent(), /Sem fila/);
    assert.equal(await page.getByTestId('tickets-hidden-no-queue').count(), 0, 'an admin is told of nothing hidden');

    // The customer writes again (README: "Scripts and tests can do the same over HTTP").
    const res = await fetch(`${BASE_URL}/sandbox/${connection.id}/inbound`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${connection.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ number: customerNumber, name: customerName, body: 'Alguém aí? *Urgente*' }),
    });
    assert.equal(res.status, 202);
    await pendingItem().getByTestId('ticket-last-message').filter({ hasText: 'Alguém aí? Urgente' }).waitFor({ timeout: LONG_WAIT });
  });

  test('step 3: accept (choosing a queue if asked) and answer, with markup and a variable', async () => {
    await pendingItem().click();
    await page.getByTestId('message').filter({ hasText: 'meu pedido' }).waitFor({ timeout: WAIT });
    const urgent = page.getByTestId('message').filter({ hasText: 'Alguém aí?' });
    assert.equal(await urgent.locator('strong').textContent(), 'Urgente');
    await page.getByTestId('ticket-accept').click();
    const asked = await page.getByTestId('accept-queue-modal').waitFor({ timeout: 3000 }).then(() => true, () => false);
    if (asked) {
      await page.getByTestId('accept-queue-select').click();
      await page.getByTestId('accept-queue-option').first().click();
      await page.getByTestId('accept-queue-confirm').click();
    }
    await page.locator('[data-testid="ticket-view"][data-status="open"]').waitFor({ timeout: WAIT });

    await page.getByTestId('message-text').fill('*Olá*, {{firstName}}! Seu pedido _saiu_ para entrega.');
    await page.getByTestId('message-send').click();
    const mine = page.locator('[data-testid="message"][data-from-me="true"]').filter({ hasText: 'para entrega' });
    await mine.waitFor({ timeout: WAIT });
    // (The company signs messages by default: "*Administrador:*" comes first, bold too.)
    assert.ok((await mine.locator('strong').allTextContents()).includes('Olá'));
    assert.equal(await mine.locator('em').textContent(), 'saiu');
    assert.match(await mine.getByTestId('message-body').textContent(), /(^|\n)Olá, Maria! Seu pedido saiu para entrega\.$/);
    const item = page.locator('[data-testid="tickets-list-open"] [data-testid="ticket-item"]').filter({ hasText: customerName });
    await item.getByTestId('ticket-last-message').filter({ hasText: 'Olá, Maria! Seu pedido' }).waitFor({ timeout: WAIT });
  });

  test('step 4: the simulator shows what the customer received, read', async () => {
    await open('menu-connections', '/connections');
    await row().getByTestId('connection-simulate').click();
    await page.getByTestId('simulate-panel').waitFor({ timeout: WAIT });
    const chat = page.getByTestId('simulate-chat');
    if (!(await chat.isVisible())) await page.getByTestId(`simulate-recent-${customerNumber}`).click();
    const got = page.locator('[data-testid="simulate-message"][data-from="atende"]').filter({ hasText: 'para entrega' });
    await got.waitFor({ timeout: LONG_WAIT });
    assert.ok((await got.locator('strong').allTextContents()).includes('Olá'));
    await page.locator('[data-testid="simulate-message"][data-from="atende"][data-ack="3"]').filter({ hasText: 'para entrega' })
      .waitFor({ timeout: LONG_WAIT });
  });
});
