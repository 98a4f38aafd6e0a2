import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, BASE_URL, WAIT, LONG_WAIT, eventually, signIn, url, waitForPath, call } from './helpers.mjs';

/** Debian's Chromium with a fake microphone and camera (audio recording, camera capture). */
const launchBrowser = () =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream',
      '--autoplay-policy=no-user-gesture-required'],
  });

const stamp = Date.now().toString(36);
const customer = { number: `55119${String(Date.now()).slice(-8)}`, name: `Cliente ${stamp}` };
const answer = `Olá! Aqui é o atendimento ${stamp}`;

// A 1×1 PNG, sent as the image attachment.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

const randomColor = () => `#${Math.floor(Math.random() * 0xffffff).toString(16).padStart(6, '0')}`;

describe('tickets inbox with a sandbox connection', { timeout: 300000 }, () => {
  let browser;
  let page;
  let adminToken;
  let connection;

  const inbound = (body) =>
    call('POST', `/sandbox/${connection.id}/inbound`, { token: connection.token, body: { number: customer.number, name: customer.name, body } });
  const outbound = () => call('GET', `/sandbox/${connection.id}/outbound?number=${customer.number}`, { token: connection.token });
  const ticketItem = (list) => page.locator(`[data-testid="${list}"] [data-testid="ticket-item"]`).filter({ hasText: customer.name });

  /** Accepts the open pending ticket, choosing a queue when the modal asks for one. */
  async function accept() {
    await page.getByTestId('ticket-accept').click();
    const modal = page.getByTestId('accept-queue-modal');
    const asked = await modal.waitFor({ timeout: 3000 }).then(() => true, () => false);
    if (asked) {
      const confirm = page.getByTestId('accept-queue-confirm');
      if (await confirm.isDisabled()) {
        await page.getByTestId('accept-queue-select').click();
        await page.getByTestId('accept-queue-option').first().click();
      }
      await confirm.click();
    }
    await page.locator('[data-testid="ticket-view"][data-status="open"]').waitFor({ timeout: WAIT });
  }

  before(async () => {
    const login = await call('POST', '/auth/login', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
    adminToken = login.token;
    connection = await call('POST', '/whatsapp', { token: adminToken, body: { name: `Sandbox ${stamp}`, channel: 'sandbox', isDefault: true } });
    assert.ok(connection.id, 'connection id');
    assert.ok(connection.token, 'connection token');
    // The admin works a queue and sees tickets that have none yet (allTicket).
    const queues = await call('GET', '/queue', { token: adminToken });
    const queue = (Array.isArray(queues) && queues[0]) || await call('POST', '/queue', {
      token: adminToken, body: { name: `Fila ${stamp}`, color: randomColor(), greetingMessage: 'Bem-vindo!' },
    });
    const me = await call('GET', '/auth/me', { token: adminToken });
    const queueIds = [...(me.queues || []).map((q) => q.id), queue.id];
    await call('PUT', `/users/${me.id}`, { token: adminToken, body: { queueIds, allTicket: 'enable' } });

    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
    await context.grantPermissions(['microphone', 'camera'], { origin: BASE_URL });
    page = await context.newPage();
    // A run that fails under load says whether the app threw or the tab died.
    page.on('pageerror', (error) => console.error('page error:', error));
    page.on('crash', () => console.error('page crashed'));
  });

  after(async () => {
    await browser?.close();
  });

  test('a new customer message appears in the Aguardando tab in real time', async () => {
    await page.goto(url('/tickets'));
    await waitForPath(page, '/login');
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.getByTestId('menu-tickets').click();
    await waitForPath(page, '/tickets');
    await page.getByTestId('welcome-card').waitFor({ timeout: WAIT });
    await page.getByTestId('tickets-tab-pending').click();
    // Let the list join its room before the customer writes.
    await page.getByTestId('tickets-list-pending').waitFor({ timeout: WAIT });
    await page.waitForTimeout(1000);

    await inbound('Olá, preciso de ajuda com meu pedido');
    const item = ticketItem('tickets-list-pending');
    await item.waitFor({ timeout: LONG_WAIT });
    assert.match(await item.getByTestId('ticket-last-message').textContent(), /preciso de ajuda/);
    assert.match(await item.getByTestId('ticket-time').textContent(), /^\d{2}:\d{2}$/);
  });

  test('the attendant accepts the ticket and answers with text and an image', async () => {
    await ticketItem('tickets-list-pending').click();
    await page.getByTestId('ticket-view').waitFor({ timeout: WAIT });
    await page.getByTestId('message').filter({ hasText: 'preciso de ajuda' }).waitFor({ timeout: WAIT });
    await accept();
    await ticketItem('tickets-list-open').waitFor({ timeout: WAIT });

    await page.getByTestId('message-text').fill('   ');
    assert.equal(await page.getByTestId('message-send').count(), 0, 'blank text offers no send button');
    await page.getByTestId('message-text').fill(answer);
    await page.getByTestId('message-send').click();
    await page.locator('[data-testid="message"][data-from-me="true"]').filter({ hasText: answer }).waitFor({ timeout: WAIT });

    await page.getByTestId('input-file-media').setInputFiles({ name: `foto-${stamp}.png`, mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('media-preview').waitFor({ timeout: WAIT });
    await page.getByTestId('media-caption').fill('Segue a imagem');
    await page.getByTestId('media-send').click();
    await page.locator('[data-testid="message"][data-from-me="true"] [data-testid="message-image"]').waitFor({ timeout: WAIT });
  });

  test('the customer receives both and the UI shows them read', async () => {
    const delivered = await eventually(async () => {
      const data = await outbound();
      const rows = data?.messages || [];
      const text = rows.find((r) => String(r.body).includes(answer));
      const image = rows.find((r) => r.mediaUrl || r.mediaName);
      return text && image && text.ack >= 3 && image.ack >= 3 ? { text, image } : null;
    });
    assert.equal(delivered.text.ack >= 3, true);

    const own = page.locator('[data-testid="message"][data-from-me="true"]');
    await eventually(async () => {
      const acks = await own.locator('[data-testid="message-ack"]').evaluateAll((nodes) => nodes.map((n) => Number(n.dataset.ack)));
      return acks.length >= 2 && acks.every((ack) => ack >= 3);
    });
    const colors = await own.locator('[data-testid="message-ack"]').evaluateAll((nodes) => nodes.map((n) => n.dataset.color));
    assert.ok(colors.every((c) => c === 'read' || c === 'played'), `read ticks: ${colors}`);
  });

  test('resolving with farewell closes the ticket; a new message makes it pending again', async () => {
    await page.getByTestId('ticket-resolve').click();
    await page.getByTestId('ticket-resolve-farewell').click();
    await waitForPath(page, '/tickets');
    await ticketItem('tickets-list-open').waitFor({ state: 'detached', timeout: WAIT });

    await page.getByTestId('tickets-tab-pending').click();
    await page.waitForTimeout(500);
    await inbound('Oi de novo, mais uma dúvida');
    const item = ticketItem('tickets-list-pending');
    await item.waitFor({ timeout: LONG_WAIT });
    await eventually(async () => /mais uma dúvida/.test(await item.getByTestId('ticket-last-message').textContent()));

    await item.click();
    await page.getByTestId('ticket-view').waitFor({ timeout: WAIT });
    const status = await page.getByTestId('ticket-view').getAttribute('data-status');
    if (status === 'closed') await page.getByTestId('ticket-reopen').click();
    else await accept();
    await page.locator('[data-testid="ticket-view"][data-status="open"]').waitFor({ timeout: WAIT });
    await page.getByTestId('tickets-tab-open').click();
    await ticketItem('tickets-list-open').waitFor({ timeout: WAIT });
  });

  test('message actions: reply, private note, edit, delete and forward', async () => {
    const view = page.getByTestId('ticket-view');
    const bubble = (text) => page.getByTestId('message').filter({ hasText: text }).last();
    const menu = async (text, action) => {
      await bubble(text).hover();
      await bubble(text).getByTestId('message-actions').click();
      await page.getByTestId(action).click();
    };
    await view.waitFor({ timeout: WAIT });

    await menu('mais uma dúvida', 'message-reply');
    await page.getByTestId('reply-banner').waitFor({ timeout: WAIT });
    await page.getByTestId('message-text').fill(`Resposta citada ${stamp}`);
    await page.getByTestId('message-send').click();
    await bubble(`Resposta citada ${stamp}`).getByTestId('message-quoted').waitFor({ timeout: WAIT });

    await page.getByTestId('input-private').check();
    await page.getByTestId('message-text').fill(`Nota interna ${stamp}`);
    await page.getByTestId('message-send').click();
    await page.locator('[data-testid="message"][data-private="true"]').filter({ hasText: `Nota interna ${stamp}` }).waitFor({ timeout: WAIT });
    await page.getByTestId('input-private').uncheck();

    await menu(`Resposta citada ${stamp}`, 'message-edit');
    await page.getByTestId('editing-banner').waitFor({ timeout: WAIT });
    await page.getByTestId('message-text').fill(`Resposta corrigida ${stamp}`);
    await page.getByTestId('message-send').click();
    await bubble(`Resposta corrigida ${stamp}`).getByTestId('message-edited').waitFor({ timeout: WAIT });

    await menu(`Resposta corrigida ${stamp}`, 'message-delete');
    await page.getByTestId('message-delete-dialog-confirm').click();
    await page.getByTestId('message-deleted').filter({ hasText: 'Essa mensagem foi apagada' }).first().waitFor({ timeout: WAIT });

    await menu('mais uma dúvida', 'message-forward');
    await page.getByTestId('forward-bar').waitFor({ timeout: WAIT });
    await bubble('mais uma dúvida').getByTestId('message-select').uncheck();
    await page.getByTestId('forward-open').click();
    await page.getByTestId('toast').filter({ hasText: 'Nenhuma mensagem selecionada' }).first().waitFor({ timeout: WAIT });
    await bubble('mais uma dúvida').getByTestId('message-select').check();
    await page.getByTestId('forward-open').click();
    await page.getByTestId('forward-contact').fill(customer.name.slice(0, 8));
    await page.getByTestId('forward-contact-option').first().click();
    await page.getByTestId('forward-send').click();
    await page.getByTestId('forward-modal').waitFor({ state: 'detached', timeout: WAIT });
  });

  test('contact drawer: notes, block and unblock; ticket log and PDF export', async () => {
    await page.getByTestId('ticket-header-contact').click();
    await page.getByTestId('contact-drawer').waitFor({ timeout: WAIT });
    await page.getByTestId('note-text').fill('x');
    await page.getByTestId('note-save').click();
    await page.getByText('Too Short!').waitFor({ timeout: WAIT });
    await page.getByTestId('note-text').fill(`Cliente VIP ${stamp}`);
    await page.getByTestId('note-save').click();
    await page.getByTestId('toast').filter({ hasText: 'Observação adicionada com sucesso!' }).first().waitFor({ timeout: WAIT });
    const note = page.getByTestId('note-item').filter({ hasText: `Cliente VIP ${stamp}` });
    await note.waitFor({ timeout: WAIT });
    await note.getByTestId('note-delete').click();
    await page.getByTestId('note-delete-dialog-confirm').click();
    await page.getByTestId('toast').filter({ hasText: 'Observação excluída com sucesso!' }).first().waitFor({ timeout: WAIT });

    await page.getByTestId('contact-block').click();
    await page.getByTestId('toast').filter({ hasText: 'Contato bloqueado' }).first().waitFor({ timeout: WAIT });
    await page.locator('[data-testid="contact-block"][data-blocked="true"]').waitFor({ timeout: WAIT });
    await page.getByTestId('contact-block').click();
    await page.getByTestId('toast').filter({ hasText: 'Contato desbloqueado' }).first().waitFor({ timeout: WAIT });
    await page.getByTestId('contact-drawer-close').click();

    await page.getByTestId('ticket-more').click();
    await page.getByTestId('ticket-log').click();
    await page.getByTestId('ticket-log-entry').first().waitFor({ timeout: WAIT });
    await page.keyboard.press('Escape');

    const ticketId = await page.getByTestId('ticket-view').getAttribute('data-ticket-id');
    await page.getByTestId('ticket-more').click();
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: WAIT }), page.getByTestId('ticket-export').click()]);
    assert.equal(download.suggestedFilename(), `relatório_atendimento_${ticketId}.pdf`);
  });

  test('audio recording and a camera photo', async () => {
    const audios = () => page.locator('[data-testid="message"][data-from-me="true"] [data-testid="message-audio"]').count();
    const before = await audios();
    await page.getByTestId('record-start').click();
    await page.getByTestId('record-timer').waitFor({ timeout: WAIT });
    await page.waitForTimeout(2500);
    await page.getByTestId('record-send').click();
    await eventually(async () => (await audios()) > before, { timeout: WAIT });
    await page.getByTestId('audio-speed').last().click();
    assert.equal(await page.evaluate(() => localStorage.getItem('audioPlaybackRate')), '1.5');

    const images = () => page.locator('[data-testid="message"][data-from-me="true"] [data-testid="message-image"]').count();
    const imagesBefore = await images();
    await page.getByTestId('input-attach').click();
    await page.getByTestId('attach-camera').click();
    const capture = page.getByTestId('camera-capture');
    await eventually(async () => capture.isEnabled(), { timeout: WAIT });
    await capture.click();
    await page.getByTestId('media-send').click();
    await eventually(async () => (await images()) > imagesBefore, { timeout: WAIT });

    await page.getByTestId('media-send').waitFor({ state: 'detached', timeout: WAIT });
  });

  test('the list width drags between 404 and 700 px and is kept for the user', async () => {
    const panel = page.getByTestId('tickets-panel');
    const resizer = page.getByTestId('tickets-resizer');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const savedWidth = async () => (await call('GET', '/auth/me', { token })).defaultTicketsManagerWidth;
    // Nothing may lie over the handle: a closing dialog's backdrop or a menu would take the drag.
    const noOverlay = () =>
      page.waitForFunction(() => !document.querySelector('.MuiModal-root, .MuiBackdrop-root, [role="dialog"]'), null, { timeout: WAIT });

    /** Drags the handle by dx, never leaving the viewport, and waits until the server keeps `expected`. */
    const drag = async (dx, expected) => {
      await noOverlay();
      await resizer.hover({ timeout: WAIT }); // visible, stable and the topmost element at its centre
      const box = await resizer.boundingBox();
      const x = Math.round(box.x + box.width / 2);
      const y = Math.round(box.y + box.height / 2);
      const target = Math.min(page.viewportSize().width - 2, Math.max(2, x + dx));
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(Math.round((x + target) / 2), y, { steps: 4 });
      await page.mouse.move(target, y, { steps: 4 });
      await page.mouse.up();
      await eventually(async () => Number(await panel.getAttribute('data-width')) === expected, { timeout: WAIT });
      await eventually(async () => (await savedWidth()) === expected, { timeout: WAIT });
    };

    const start = Number(await panel.getAttribute('data-width'));
    // Dragged past either end, the width stops at 404 or 700.
    await drag(404 - start - 60, 404);
    await drag(700 - 404 + 60, 700);
    await drag(-150, 550);

    // Kept per user: a fresh load of the app opens the list at the saved width.
    await page.reload();
    await page.getByTestId('ticket-view').waitFor({ timeout: WAIT });
    assert.equal(Number(await panel.getAttribute('data-width')), 550);
  });

  test('new ticket for a contact I already serve opens it; transfer, ignore and reopen', async () => {
    const uuid = new URL(page.url()).pathname.split('/').pop();
    await page.goto(url('/tickets'));
    await page.getByTestId('tickets-new').click();
    await page.getByTestId('new-ticket-save').click();
    await page.getByText('Selecione um contato').waitFor({ timeout: WAIT });
    await page.getByTestId('new-ticket-contact').fill(customer.name.slice(0, 10));
    await page.getByTestId('new-ticket-contact-option').filter({ hasText: customer.name }).first().click();
    const queue = page.getByTestId('new-ticket-queue');
    if (!(await queue.textContent()).trim().replace(/\u200b/g, '')) {
      await queue.click();
      await page.getByTestId('new-ticket-queue-option').first().click();
    }
    await page.getByTestId('new-ticket-save').click();
    await waitForPath(page, `/tickets/${uuid}`);
    await page.locator('[data-testid="ticket-view"][data-status="open"]').waitFor({ timeout: WAIT });

    await page.getByTestId('ticket-transfer').click();
    await page.getByTestId('transfer-modal').waitFor({ timeout: WAIT });
    await page.getByTestId('transfer-message').fill('Transferindo para a fila');
    await page.getByTestId('transfer-confirm').click();
    await waitForPath(page, '/tickets');
    await page.getByTestId('tickets-tab-pending').click();
    const pending = ticketItem('tickets-list-pending');
    await pending.waitFor({ timeout: WAIT });

    await pending.click();
    await page.getByTestId('ticket-ignore').click();
    await waitForPath(page, '/tickets');
    await pending.waitFor({ state: 'detached', timeout: WAIT });

    await page.getByTestId('tickets-view-closed').click();
    const closed = ticketItem('tickets-list-closed').first();
    await closed.waitFor({ timeout: WAIT });
    await closed.click();
    await page.locator('[data-testid="ticket-view"][data-status="closed"]').waitFor({ timeout: WAIT });
    await page.getByTestId('ticket-reopen').click();
    await page.locator('[data-testid="ticket-view"][data-status="open"]').waitFor({ timeout: WAIT });
    await page.getByTestId('tickets-view-open').click();
    await page.getByTestId('tickets-tab-open').click();
    await ticketItem('tickets-list-open').first().waitFor({ timeout: WAIT });
  });

  test('a message on my ticket while it is not on screen shows in the notifications and the title', async () => {
    await page.goto(url('/tickets'));
    await page.getByTestId('welcome-card').waitFor({ timeout: WAIT });
    await page.waitForTimeout(1000);
    const bell = page.getByTestId('notifications-button');
    const before = Number(await bell.getAttribute('data-count'));
    await inbound('Alguém aí?');
    await eventually(async () => Number(await bell.getAttribute('data-count')) === before + 1, { timeout: WAIT });
    const title = await page.title();
    assert.match(title, /^([\u2460-\u2473]|\(\d+\)) /, `title with counter: ${title}`);
    await bell.click();
    await page.getByTestId('notification-item').filter({ hasText: customer.name }).click();
    await page.getByTestId('ticket-view').waitFor({ timeout: WAIT });
    await eventually(async () => Number(await bell.getAttribute('data-count')) === before, { timeout: WAIT });
  });
});

