import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN_EMAIL, ADMIN_PASSWORD, WAIT, LONG_WAIT, adminPage, eventually, launchBrowser, call } from './helpers.mjs';

// Issue 13 end to end: two queues with greetings, an option tree and business hours on a
// sandbox connection; the customer goes menu → option → queue, an attendant accepts and
// closes, the customer rates 9 and the closed ticket shows the rating.

const stamp = Date.now().toString(36);
const customer = { number: `55118${String(Date.now()).slice(-8)}`, name: `Bot ${stamp}` };
const randomColor = () => `#${Math.floor(Math.random() * 0xffffff).toString(16).padStart(6, '0')}`;
const ALL_DAY = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map((d) => ({
  weekday: d, weekdayEn: d, startTimeA: '00:00', endTimeA: '23:59', startTimeB: '', endTimeB: '',
}));

describe('the queue bot on a sandbox connection', { timeout: 300000 }, () => {
  let browser;
  let page;
  let token;
  let me;
  let connection;
  let vendas;
  let suporte;
  const restore = {}; // company settings to put back for the files that run after this one

  const setSetting = async (key, value) => {
    if (!(key in restore)) {
      const current = await call('GET', `/setting/${key}`, { token }).catch(() => null);
      restore[key] = current?.value ?? null;
    }
    await call('PUT', `/settings/${key}`, { token, body: { value } });
  };
  const say = (body) =>
    call('POST', `/sandbox/${connection.id}/inbound`, { token: connection.token, body: { number: customer.number, name: customer.name, body } });
  const received = async () => {
    const data = await call('GET', `/sandbox/${connection.id}/outbound?number=${customer.number}`, { token: connection.token });
    return (data?.messages || []).map((m) => m.body || '');
  };
  /** Waits until the customer has received a message matching re, after the first `after` ones. */
  const waitReply = (re, after = 0) => eventually(async () => (await received()).slice(after).find((b) => re.test(b)), { timeout: LONG_WAIT });

  before(async () => {
    // The browser signs in as the seeded admin, which ends that user's API session (one live
    // session per user): the API calls go through a second administrator of the company.
    const seeded = (await call('POST', '/auth/login', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } })).token;
    me = await call('GET', '/auth/me', { token: seeded });
    const helper = { name: `Bot admin ${stamp}`, email: `bot-admin-${stamp}@atende.local`, password: `Bot@${stamp}1234`, profile: 'admin' };
    await call('POST', '/users', { token: seeded, body: helper });
    token = (await call('POST', '/auth/login', { body: { email: helper.email, password: helper.password } })).token;
    vendas = await call('POST', '/queue', { token, body: { name: `Vendas ${stamp}`, color: randomColor(), greetingMessage: 'Bem-vindo a Vendas!', orderQueue: 1 } });
    suporte = await call('POST', '/queue', {
      token, body: { name: `Suporte ${stamp}`, color: randomColor(), greetingMessage: 'Suporte: escolha uma opção', orderQueue: 2, schedules: ALL_DAY },
    });
    connection = await call('POST', '/whatsapp', {
      token,
      body: {
        name: `Bot ${stamp}`, channel: 'sandbox', queueIds: [vendas.id, suporte.id],
        greetingMessage: 'Olá {{firstName}}! Escolha o setor:', complationMessage: `Obrigado pela avaliação ${stamp}!`,
        ratingMessage: 'Como foi o atendimento? Responda de 0 a 10.', expiresTicketNPS: 30, maxUseBotQueuesNPS: 3,
      },
    });
    await call('PUT', `/companies/${me.companyId}/schedules`, { token, body: { schedules: ALL_DAY } });
    await setSetting('userRating', 'enabled');
    await setSetting('scheduleType', 'company');
    // The admin works both queues.
    const queueIds = [...new Set([...(me.queues || []).map((q) => q.id), vendas.id, suporte.id])];
    await call('PUT', `/users/${me.id}`, { token: seeded, body: { queueIds } });

    browser = await launchBrowser();
    page = await adminPage(browser, { contextOptions: { viewport: { width: 1366, height: 800 } } });
  });

  after(async () => {
    for (const [key, value] of Object.entries(restore)) {
      if (value !== null) await call('PUT', `/settings/${key}`, { token, body: { value } }).catch(() => {});
    }
    await browser?.close();
  });

  test('the administrator builds the option tree of Suporte in its queue modal', async () => {
    await page.getByTestId('menu-queues').click();
    const row = page.locator(`[data-testid="queue-row"][data-name="Suporte ${stamp}"]`);
    await row.waitFor({ timeout: WAIT });
    await row.getByTestId('queue-edit').click();
    await page.getByTestId('queue-tab-chatbot').click();
    await page.getByTestId('chatbot-add').click();
    await page.getByTestId('chatbot-option-name').fill('Financeiro');
    await page.getByTestId('chatbot-option-greeting').fill('Financeiro: o que deseja?');
    await page.getByTestId('chatbot-option-save').click();
    const financeiro = page.locator('[data-testid="chatbot-option"][data-name="Financeiro"]');
    await financeiro.waitFor({ timeout: WAIT });

    await financeiro.locator('[data-testid^="chatbot-option-add-"]').first().click();
    await page.getByTestId('chatbot-option-name').fill('Falar com atendente');
    await page.getByTestId('chatbot-option-greeting').fill('Aguarde, {{firstName}}: um atendente já vem.');
    await page.getByTestId('chatbot-option-type').click();
    await page.getByTestId('chatbot-option-type-queue').click();
    await page.getByTestId('chatbot-option-queue').click();
    await page.getByTestId(`chatbot-option-queue-${suporte.id}`).click();
    await page.getByTestId('chatbot-option-save').click();
    await page.locator('[data-testid="chatbot-option"][data-name="Falar com atendente"]').waitFor({ timeout: WAIT });
    const saved = await call('GET', `/queue/${suporte.id}`, { token });
    assert.equal(saved.chatbots?.[0]?.options?.[0]?.name, 'Falar com atendente');
    await page.getByTestId('queue-cancel').click();
    await page.getByTestId('menu-tickets').click();
  });

  test('the customer gets the menu, picks the queue and an option, and reaches the queue', async () => {
    await say('Oi, bom dia');
    const menu = await waitReply(/Escolha o setor/);
    assert.match(menu, new RegExp(`Olá Bot!`));
    assert.match(menu, /\[ 1 \]\* - Vendas/);
    assert.match(menu, /\[ 2 \]\* - Suporte/);
    let seen = (await received()).length;

    await say('7'); // out of range: the menu again
    await waitReply(/Escolha o setor/, seen);
    seen = (await received()).length;

    await say('2');
    const options = await waitReply(/Suporte: escolha uma opção/, seen);
    assert.match(options, /\[ 1 \]\* - Financeiro/);
    assert.match(options, /Voltar/);
    seen = (await received()).length;

    await say('1');
    const level = await waitReply(/Financeiro: o que deseja/, seen);
    assert.match(level, /\[ 1 \]\* - Falar com atendente/);
    seen = (await received()).length;

    await say('1');
    await waitReply(/Aguarde, Bot: um atendente já vem/, seen);
  });

  test('the attendant sees it waiting in Suporte, accepts it and closes it', async () => {
    await page.getByTestId('tickets-tab-pending').click();
    const item = page.locator('[data-testid="tickets-list-pending"] [data-testid="ticket-item"]').filter({ hasText: customer.name });
    await item.waitFor({ timeout: LONG_WAIT });
    assert.match(await item.textContent(), new RegExp(`Suporte ${stamp}`));
    await item.click();
    await page.getByTestId('ticket-view').waitFor({ timeout: WAIT });
    // The bot's messages show in the conversation as the customer saw them.
    await page.getByTestId('message').filter({ hasText: 'Financeiro: o que deseja?' }).first().waitFor({ timeout: WAIT });
    await page.getByTestId('ticket-accept').click();
    const modal = page.getByTestId('accept-queue-modal');
    if (await modal.waitFor({ timeout: 3000 }).then(() => true, () => false)) await page.getByTestId('accept-queue-confirm').click();
    await page.locator('[data-testid="ticket-view"][data-status="open"]').waitFor({ timeout: WAIT });
    await page.getByTestId('message-text').fill('Olá! Vou te ajudar.');
    await page.getByTestId('message-send').click();
    await page.locator('[data-testid="message"][data-from-me="true"]').filter({ hasText: 'Vou te ajudar' }).waitFor({ timeout: WAIT });

    const seen = (await received()).length;
    await page.getByTestId('ticket-resolve').click();
    await page.getByTestId('ticket-resolve-farewell').click();
    await waitReply(/Responda de 0 a 10/, seen);
  });

  test('the customer rates 9 and the closed ticket shows the rating', async () => {
    const seen = (await received()).length;
    await say('9');
    await waitReply(new RegExp(`Obrigado pela avaliação ${stamp}`), seen);
    await page.getByTestId('tickets-view-closed').click();
    const item = page.locator('[data-testid="tickets-list-closed"] [data-testid="ticket-item"]').filter({ hasText: customer.name });
    await item.first().waitFor({ timeout: LONG_WAIT });
    await item.first().click();
    await page.locator('[data-testid="ticket-view"][data-status="closed"]').waitFor({ timeout: WAIT });
    await page.getByTestId('ticket-rating').waitFor({ timeout: WAIT });
    assert.equal(await page.getByTestId('ticket-rating').getAttribute('data-rate'), '9');
  });
});
