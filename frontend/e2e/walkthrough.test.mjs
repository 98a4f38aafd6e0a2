// The README's "Attendance: try it with the sandbox channel", to the letter, on a fresh
// install: the seeded super admin (no queue, no allTicket, no queue in the company) creates a
// sandbox connection, writes as a customer from "Simular cliente", sees the ticket under
// Aguardando in real time, accepts it and answers; the simulator shows what the customer got.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN_EMAIL, ADMIN_PASSWORD, WAIT, LONG_WAIT, launchBrowser, signIn, url, waitForPath, waitForText } from './helpers.mjs';

const stamp = Date.now().toString(36);
const connectionName = `Sandbox ${stamp}`;
const customerName = `Maria ${stamp}`;

describe('README sandbox walk-through as the super admin', { timeout: 300000 }, () => {
  let browser;
  let inbox; // /tickets
  let phone; // the connections page with "Simular cliente"

  before(async () => {
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
    inbox = await context.newPage();
    phone = await context.newPage();
    for (const page of [inbox, phone]) page.on('pageerror', (error) => console.error('page error:', error));
  });

  after(async () => {
    await browser?.close();
  });

  test('step 1: Conexões → a sandbox connection, created connected', async () => {
    await inbox.goto(url('/login'));
    await signIn(inbox, ADMIN_EMAIL, ADMIN_PASSWORD);
    await waitForPath(inbox, '/tickets');
    const me = await inbox.evaluate(async () => {
      const res = await fetch('/auth/me', { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } });
      return res.json();
    });
    assert.equal(me.allTicket, 'disable', 'the seeded super admin lacks allTicket');
    assert.equal((me.queues || []).length, 0, 'and has no queue');

    // The second tab: the same signed-in browser, through the menu.
    await phone.goto(url('/tickets'));
    await phone.getByTestId('drawer').waitFor({ timeout: LONG_WAIT }).catch((error) => {
      throw new Error(`second tab at ${phone.url()}: ${error.message}`);
    });
    await phone.getByTestId('menu-connections').click();
    await phone.getByTestId('connections-page').waitFor({ timeout: WAIT });
    await phone.getByTestId('connections-add').click();
    await phone.getByTestId('connection-name').fill(connectionName);
    await phone.getByTestId('connection-channel-select').click();
    await phone.getByTestId('connection-channel-select-sandbox').click();
    await phone.getByTestId('connection-save').click();
    await waitForText(phone, 'toast', 'Conexão salva com sucesso!');
    const row = phone.locator(`[data-testid="connection-row"][data-name="${connectionName}"]`);
    await row.locator('[data-testid="connection-status"][data-status="CONNECTED"]').waitFor({ timeout: WAIT });
  });

  test('steps 2–3: the customer writes, the ticket shows under Aguardando in real time', async () => {
    await inbox.getByTestId('tickets-tab-pending').click();
    await inbox.getByTestId('tickets-list-pending').waitFor({ timeout: WAIT });
    await inbox.getByTestId('tickets-list-pending').getByTestId('tickets-empty').waitFor({ timeout: WAIT }); // a fresh inbox, nothing hidden
    assert.equal(await inbox.getByTestId('tickets-hidden-no-queue').count(), 0);

    const row = phone.locator(`[data-testid="connection-row"][data-name="${connectionName}"]`);
    await row.getByTestId('connection-simulate').click();
    await phone.getByTestId('simulate-panel').waitFor({ timeout: WAIT });
    await phone.getByTestId('simulate-random').click();
    await phone.getByTestId('simulate-name').fill(customerName);
    await phone.getByTestId('simulate-start').click();
    await waitForText(phone, 'simulate-customer-header', customerName);
    await phone.getByTestId('simulate-input').fill('Olá! Quero saber do meu pedido.');
    await phone.getByTestId('simulate-send').click();

    const item = inbox.locator('[data-testid="tickets-list-pending"] [data-testid="ticket-item"]').filter({ hasText: customerName });
    await item.waitFor({ timeout: LONG_WAIT });
    assert.match(await item.getByTestId('ticket-last-message').textContent(), /meu pedido/);
    assert.match(await item.getByTestId('ticket-queue-tag').textContent(), /Sem fila/);
    // The bell counts it, like Aguardando.
    await inbox.locator('[data-testid="notifications-button"][data-count="1"]').waitFor({ timeout: WAIT });
  });

  test('step 3: accept (choosing a queue if asked) and answer, with markup and a variable', async () => {
    await inbox.locator('[data-testid="tickets-list-pending"] [data-testid="ticket-item"]').filter({ hasText: customerName }).click();
    await inbox.getByTestId('message').filter({ hasText: 'meu pedido' }).waitFor({ timeout: WAIT });
    await inbox.getByTestId('ticket-accept').click();
    const asked = await inbox.getByTestId('accept-queue-modal').waitFor({ timeout: 3000 }).then(() => true, () => false);
    if (asked) {
      await inbox.getByTestId('accept-queue-select').click();
      await inbox.getByTestId('accept-queue-option').first().click();
      await inbox.getByTestId('accept-queue-confirm').click();
    }
    await inbox.locator('[data-testid="ticket-view"][data-status="open"]').waitFor({ timeout: WAIT });

    await inbox.getByTestId('message-text').fill('*Olá*, {{firstName}}! Seu pedido _saiu_ para entrega.');
    await inbox.getByTestId('message-send').click();
    const mine = inbox.locator('[data-testid="message"][data-from-me="true"]').filter({ hasText: 'para entrega' });
    await mine.waitFor({ timeout: WAIT });
    assert.equal(await mine.locator('strong').textContent(), 'Olá');
    assert.equal(await mine.locator('em').textContent(), 'saiu');
    assert.match(await mine.getByTestId('message-body').textContent(), new RegExp(`^Olá, Maria! Seu pedido saiu para entrega\\.$`));
    // The list's preview drops the markers.
    const item = inbox.locator('[data-testid="tickets-list-open"] [data-testid="ticket-item"]').filter({ hasText: customerName });
    await item.getByTestId('ticket-last-message').filter({ hasText: 'Olá, Maria! Seu pedido' }).waitFor({ timeout: WAIT });
  });

  test('step 4: the simulator shows what the customer received, read', async () => {
    const got = phone.locator('[data-testid="simulate-message"][data-from="atende"]').filter({ hasText: 'para entrega' });
    await got.waitFor({ timeout: LONG_WAIT });
    assert.equal(await got.locator('strong').textContent(), 'Olá');
    await phone.locator('[data-testid="simulate-message"][data-from="atende"][data-ack="3"]').filter({ hasText: 'para entrega' })
      .waitFor({ timeout: LONG_WAIT });
  });
});
