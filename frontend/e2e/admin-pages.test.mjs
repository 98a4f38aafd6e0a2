import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { WAIT, launchBrowser, signIn, url, waitForPath, waitForText, adminPage } from './helpers.mjs';

const stamp = Date.now().toString(36);
const queueName = `Fila ${stamp}`;
const tagName = `tag-${stamp}`;
const contact = { name: `Contato ${stamp}`, number: `5511${String(Date.now()).slice(-9)}`, email: `c-${stamp}@atende.local` };
const shortcode = `oi${stamp}`;
const connectionName = `Sandbox ${stamp}`;
const customerName = `Cliente ${stamp}`;

describe('admin pages: queues, tags, contacts, quick messages, connections and the sandbox', { timeout: 240000 }, () => {
  let browser;
  let page;

  const row = (testId, attribute, value) => page.locator(`[data-testid="${testId}"][data-${attribute}="${value}"]`);
  const open = async (menu, path) => {
    await page.getByTestId(menu).click();
    await waitForPath(page, path);
  };

  before(async () => {
    browser = await launchBrowser();
    page = await adminPage(browser);
  });

  after(async () => {
    await browser?.close();
  });

  test('the drawer lists the admin pages', async () => {
    for (const item of ['menu-contacts', 'menu-quick-messages', 'menu-tags', 'menu-connections', 'menu-queues']) {
      await page.getByTestId(item).waitFor({ timeout: WAIT });
    }
    await waitForText(page, 'menu-connections', 'Conexões');
  });

  test('the admin creates a queue', async () => {
    await open('menu-queues', '/queues');
    await page.getByTestId('queues-add').click();
    await page.getByTestId('queue-save').click();
    await page.getByTestId('queue-form').getByText('Obrigatório').waitFor({ timeout: WAIT });
    await page.getByTestId('queue-name').fill(queueName);
    assert.match(await page.getByTestId('queue-color').inputValue(), /^#[0-9A-F]{6}$/);
    await page.getByTestId('queue-greeting').fill(`Bem-vindo à ${queueName}`);
    await page.getByTestId('queue-tab-rotation').click();
    await page.getByTestId('queue-rotation').check();
    await page.getByTestId('queue-rotation-time').click();
    await page.getByTestId('queue-rotation-time-10').click();
    await page.getByTestId('queue-save').click();
    await waitForText(page, 'toast', 'Fila salva com sucesso!');
    await row('queue-row', 'name', queueName).waitFor({ timeout: WAIT });
  });

  test('the admin creates a tag; names under 3 characters are refused', async () => {
    await open('menu-tags', '/tags');
    await page.getByTestId('tags-add').click();
    await page.getByTestId('tag-name').fill('ab');
    await page.getByTestId('tag-save').click();
    await page.getByTestId('tag-form').getByText('Tag muito curta!').waitFor({ timeout: WAIT });
    await page.getByTestId('tag-name').fill(tagName);
    await page.getByTestId('tag-kanban').check();
    await page.getByTestId('tag-save').click();
    await waitForText(page, 'toast', 'Tag salva com sucesso!');
    await row('tag-row', 'name', tagName).waitFor({ timeout: WAIT });
  });

  test('the admin creates a contact with a tag and extra information', async () => {
    await open('menu-contacts', '/contacts');
    await page.getByTestId('contacts-add').click();
    await page.getByTestId('contact-name').fill(contact.name);
    await page.getByTestId('contact-number').fill(contact.number);
    await page.getByTestId('contact-email').fill('invalid@');
    await page.getByTestId('contact-save').click();
    await page.getByTestId('contact-form').getByText('Email inválido').waitFor({ timeout: WAIT });
    await page.getByTestId('contact-email').fill(contact.email);

    const tags = page.getByTestId('contact-tags');
    await tags.fill('ab');
    await tags.press('Enter');
    await page.getByTestId('contact-form').getByText('Tag muito curta!').waitFor({ timeout: WAIT });
    await tags.fill(tagName);
    await page.getByTestId('contact-tags-option').filter({ hasText: tagName }).first().click();
    await page.getByTestId('contact-tags-chip').filter({ hasText: tagName }).waitFor({ timeout: WAIT });

    await page.getByTestId('contact-extra-add').click();
    await page.getByTestId('contact-extra-name-0').fill('CPF');
    await page.getByTestId('contact-extra-value-0').fill('123.456.789-00');
    await page.getByTestId('contact-save').click();
    await waitForText(page, 'toast', 'Contato salvo com sucesso!');

    const listed = row('contact-row', 'name', contact.name);
    await listed.waitFor({ timeout: WAIT });
    await listed.getByTestId('tag-chip').filter({ hasText: tagName }).waitFor({ timeout: WAIT });

    // Read back: the modal loads the contact afresh with its tag and extra information.
    await listed.getByTestId('contact-edit').click();
    await page.getByTestId('contact-tags-chip').filter({ hasText: tagName }).waitFor({ timeout: WAIT });
    assert.equal(await page.getByTestId('contact-extra-name-0').inputValue(), 'CPF');
    assert.equal(await page.getByTestId('contact-extra-value-0').inputValue(), '123.456.789-00');
    await page.getByTestId('contact-cancel').click();

    // Block and unblock.
    await listed.getByTestId('contact-block').click();
    await waitForText(page, 'toast', 'Contato bloqueado');
    assert.equal(await listed.getByTestId('contact-status').textContent(), 'Bloqueado');
    await listed.getByTestId('contact-block').click();
    await waitForText(page, 'toast', 'Contato desbloqueado');
    assert.equal(await listed.getByTestId('contact-status').textContent(), 'Ativo');

    // The tag filter narrows the list to contacts with the tag.
    await page.getByTestId('contacts-tag-filter').fill(tagName);
    const filtered = page.waitForResponse((r) => r.url().includes('/contacts?') && r.url().includes('contactTag='), { timeout: WAIT });
    await page.getByRole('option', { name: tagName }).click();
    assert.equal((await filtered).status(), 200);
    await listed.waitFor({ timeout: WAIT });
  });

  test('the admin creates a quick message', async () => {
    await open('menu-quick-messages', '/quick-messages');
    await page.getByTestId('quick-messages-add').click();
    await page.getByTestId('quick-message-save').click();
    await page.getByTestId('quick-message-form').getByText('Obrigatório').waitFor({ timeout: WAIT });
    await page.getByTestId('quick-message-shortcode').fill(shortcode);
    await page.getByTestId('quick-message-message').fill('Olá! Em que posso ajudar?');
    await page.getByTestId('quick-message-geral').check();
    await page.getByTestId('quick-message-file').setInputFiles({ name: 'cardapio.txt', mimeType: 'text/plain', buffer: Buffer.from('Cardápio do dia') });
    await waitForText(page, 'quick-message-media', 'cardapio.txt');
    // A new quick answer and its file are created in one multipart call.
    const uploaded = page.waitForResponse((r) => /\/quick-messages$/.test(r.url()) && r.request().method() === 'POST', { timeout: WAIT });
    await page.getByTestId('quick-message-save').click();
    assert.equal((await uploaded).status(), 201);
    await waitForText(page, 'toast', 'Resposta rápida salva com sucesso!');
    const listed = row('quick-message-row', 'shortcode', shortcode);
    await listed.getByTestId('quick-message-has-media').waitFor({ timeout: WAIT });

    // Removing the file deletes it on the server.
    await listed.getByTestId('quick-message-edit').click();
    await waitForText(page, 'quick-message-media', 'cardapio.txt');
    await page.getByTestId('quick-message-remove-media').click();
    const removed = page.waitForResponse((r) => /\/quick-messages\/\d+\/media-upload$/.test(r.url()) && r.request().method() === 'DELETE', { timeout: WAIT });
    await page.getByTestId('quick-message-save').click();
    assert.equal((await removed).status(), 200);
    await listed.getByTestId('quick-message-has-media').waitFor({ state: 'detached', timeout: WAIT });
  });

  test('the admin creates a sandbox connection with the queue', async () => {
    await open('menu-connections', '/connections');
    await page.getByTestId('connections-add').click();
    await page.getByTestId('connection-name').fill(connectionName);
    await page.getByTestId('connection-channel-select').click();
    await page.getByTestId('connection-channel-select-sandbox').click();
    await page.getByTestId('connection-queues').click();
    await page.getByRole('option', { name: queueName }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('connection-greetingMessage').fill(`Olá! Aqui é a ${connectionName}.`);
    await page.getByTestId('connection-tab-messages').click();
    await page.getByTestId('connection-timeSendQueue').fill('5');
    await page.getByTestId('connection-save').click();
    await page.getByTestId('connection-form').getByText('Selecione a fila para redirecionar').waitFor({ timeout: WAIT });
    await page.getByTestId('connection-timeSendQueue').fill('0');
    await page.getByTestId('connection-save').click();
    await waitForText(page, 'toast', 'Conexão salva com sucesso!');
    const listed = row('connection-row', 'name', connectionName);
    await listed.waitFor({ timeout: WAIT });
    assert.equal(await listed.getAttribute('data-channel'), 'sandbox');
    assert.match(await listed.getByTestId('connection-channel').getAttribute('data-channel'), /sandbox/);

    // The token shows on edit and can be copied.
    await listed.getByTestId('connection-edit').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="connection-token"]')?.value.length === 30, null, { timeout: WAIT });
    await page.getByTestId('connection-cancel').click();
  });

  test('a customer written from the simulate panel reaches Atende and shows in /contacts', async () => {
    const listed = row('connection-row', 'name', connectionName);
    await listed.getByTestId('connection-simulate').click();
    const panel = page.getByTestId('simulate-panel');
    await panel.waitFor({ timeout: WAIT });
    await waitForText(page, 'simulate-connection-name', connectionName);
    await page.getByTestId('simulate-number').fill('123');
    await page.getByTestId('simulate-start').click();
    await panel.getByText('Informe um número com 8 a 20 dígitos').waitFor({ timeout: WAIT });
    await page.getByTestId('simulate-random').click();
    await page.getByTestId('simulate-name').fill(customerName);
    await page.getByTestId('simulate-start').click();
    await waitForText(page, 'simulate-customer-header', customerName);

    const posted = page.waitForResponse((r) => /\/sandbox\/\d+\/inbound$/.test(r.url()) && r.request().method() === 'POST', { timeout: WAIT });
    await page.getByTestId('simulate-input').fill(`Olá, sou ${customerName}`);
    await page.getByTestId('simulate-send').click();
    assert.equal((await posted).status(), 202);
    const mine = page.locator('[data-testid="simulate-message"][data-from="customer"]').filter({ hasText: `Olá, sou ${customerName}` });
    await mine.locator('[data-testid="simulate-send-state"][data-state="sent"]').waitFor({ timeout: WAIT });
    // The panel polls what Atende delivered while it is open.
    await page.waitForResponse((r) => /\/sandbox\/\d+\/outbound\?/.test(r.url()) && r.status() === 200, { timeout: WAIT });
    await page.getByTestId('simulate-close').click();
    await panel.waitFor({ state: 'detached', timeout: WAIT });

    // The inbound pipeline creates the contact; it shows in /contacts.
    await open('menu-contacts', '/contacts');
    const customer = row('contact-row', 'name', customerName);
    const deadline = Date.now() + 30000;
    for (;;) {
      await page.getByTestId('contacts-search').fill(stamp);
      await page.waitForResponse((r) => r.url().includes(`searchParam=${stamp}`), { timeout: WAIT }).catch(() => {});
      if (await customer.count()) break;
      if (Date.now() > deadline) assert.fail(`${customerName} did not show in /contacts`);
      await page.getByTestId('contacts-search').fill('');
      await page.waitForTimeout(1000);
    }
    await customer.waitFor({ timeout: WAIT });
  });

  test('starting a ticket from /contacts opens it', async () => {
    await page.getByTestId('contacts-search').fill(contact.name);
    const listed = row('contact-row', 'name', contact.name);
    await listed.waitFor({ timeout: WAIT });
    await listed.getByTestId('contact-start-ticket').click();
    // With a single queue it comes preselected; otherwise one must be chosen ('Selecione uma fila').
    await page.getByTestId('start-ticket-queue').click();
    await page.getByRole('option', { name: queueName }).click();
    await page.getByTestId('start-ticket-connection').click();
    await page.getByRole('option', { name: connectionName }).click();
    const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/tickets' && r.request().method() === 'POST', { timeout: WAIT });
    await page.getByTestId('start-ticket-submit').click();
    assert.equal((await created).status(), 201);
    await page.waitForURL((current) => /^\/tickets\/[0-9a-f-]{36}$/.test(new URL(current).pathname), { timeout: WAIT });
  });

  test('a plain user sees contacts, tags and quick messages but not queues or connections', async () => {
    const attendant = { name: `Atendente ${stamp}`, email: `e2e-admin-pages-${stamp}@atende.local`, password: 'Senha@123' };
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const created = await page.request.post(url('/users'), {
      headers: { Authorization: `Bearer ${token}` },
      data: { ...attendant, profile: 'user' },
    });
    assert.equal(created.status(), 201);

    const context = await browser.newContext();
    const other = await context.newPage();
    try {
      await other.goto(url('/login'));
      await signIn(other, attendant.email, attendant.password);
      await waitForPath(other, '/tickets');
      for (const item of ['menu-contacts', 'menu-tags', 'menu-quick-messages']) await other.getByTestId(item).waitFor({ timeout: WAIT });
      assert.equal(await other.getByTestId('menu-queues').count(), 0);
      assert.equal(await other.getByTestId('menu-connections').count(), 0);
      // The dashboard (/) too: the attendant's showDashboard is disabled.
      for (const path of ['/queues', '/connections', '/']) {
        await other.goto(url(path));
        await other.getByTestId('forbidden').getByText('Oops! Acesso Negado!').waitFor({ timeout: WAIT });
      }
      // Contacts are listed, but only admins delete them.
      await other.goto(url('/contacts'));
      await other.getByTestId('contacts-search').fill(contact.name);
      const listed = other.locator(`[data-testid="contact-row"][data-name="${contact.name}"]`);
      await listed.waitFor({ timeout: WAIT });
      await listed.getByTestId('contact-edit').waitFor({ timeout: WAIT });
      assert.equal(await listed.getByTestId('contact-delete').count(), 0);
      // A shared quick message is editable by everyone.
      await other.goto(url('/quick-messages'));
      const quick = other.locator(`[data-testid="quick-message-row"][data-shortcode="${shortcode}"]`);
      await quick.getByTestId('quick-message-delete').waitFor({ timeout: WAIT });
    } finally {
      await context.close();
    }
  });
});
