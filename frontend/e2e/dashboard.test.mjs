import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import {
  ADMIN_EMAIL, ADMIN_PASSWORD, WAIT, LONG_WAIT, call, eventually, launchBrowser, signIn, url, waitForPath,
} from './helpers.mjs';
import { readSheet } from './xlsx.mjs';

/*
 * Managers' views (issue 17) on a company of their own, so the figures are exactly the
 * fixture's whatever other files did: eight customers write through a sandbox connection;
 * two wait, one is in attendance, five are closed by the attendant, four of them rated
 * (10, 9, 8, 3) and one closed without a rating request. The admin's dashboard shows the
 * hand-computed figures and exports the attendants table, read back here; then two browsers
 * open the kanban and a card one of them drags moves in the other.
 */

const stamp = Date.now().toString(36);
const tail = String(Date.now()).slice(-6);
const number = (i) => `55117${i}${tail}`;
const viewport = { width: 1366, height: 900 };
const owner = { email: `dono-dash-${stamp}@empresa.test`, password: `Dono@${stamp}1234` };
const manager = { name: `Gerente ${stamp}`, email: `gerente-${stamp}@empresa.test`, password: `Ger@${stamp}1234`, profile: 'admin' };
const viewer = { name: `Supervisor ${stamp}`, email: `supervisor-${stamp}@empresa.test`, password: `Sup@${stamp}1234`, profile: 'admin' };

// The fixture: who does what, and the ratings (promoters 9–10, neutrals 7–8, detractors 0–6).
const WAITING = [0, 1];
const IN_ATTENDANCE = [2];
const RATED = { 3: 10, 4: 9, 5: 8, 6: 3 };
const CLOSED_UNRATED = [7];
const CUSTOMERS = 8;

// Hand-computed from the fixture.
const EXPECTED = {
  supportHappening: 1,
  supportPending: 2,
  supportFinished: 5,
  supportGroups: 0,
  leads: 8,
  receivedMessages: 8 + 4, // every customer's first message and the four ratings
  activeTickets: 0,
  passiveTickets: 8,
  tickets: 5, // calls: the five closed episodes
  withRating: 4,
  withoutRating: 1,
  waitRating: 0,
  promoters: 2,
  neutrals: 1,
  detractors: 1,
  npsScore: 25, // 50 % promoters − 25 % detractors
  percRating: 80, // 4 rated of 5 calls
};

describe('dashboard figures, the attendants export and a live kanban', { timeout: 420000 }, () => {
  let browser;
  let page; // the company's first admin
  let token; // the manager's API session (the browser ends the owner's)
  let managerId;
  let viewerId;
  let connection;
  const tickets = {}; // customer index → ticket id

  const say = (i, body) =>
    call('POST', `/sandbox/${connection.id}/inbound`, { token: connection.token, body: { number: number(i), name: `Cliente ${i} ${stamp}`, body } });
  const ticketOf = async (i) => {
    const found = await call('GET', `/tickets?searchParam=${number(i)}&showAll=true`, { token });
    return (found?.tickets || []).find((t) => t.contact?.number === number(i));
  };
  const status = async (i) => (await call('GET', `/tickets/${tickets[i]}`, { token })).status;
  const update = (i, body) => call('PUT', `/tickets/${tickets[i]}`, { token, body: { userId: managerId, ...body } });

  before(async () => {
    const operator = (await call('POST', '/auth/login', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } })).token;
    const plan = await call('POST', '/plans', {
      token: operator,
      body: {
        name: `Gestão ${stamp}`, users: 10, connections: 3, queues: 5, amount: 1,
        useWhatsapp: true, useCampaigns: true, useSchedules: true, useInternalChat: true, useKanban: true,
      },
    });
    await call('POST', '/companies', { token: operator, body: { name: `Gestão ${stamp}`, email: owner.email, password: owner.password, planId: plan.id } });
    // The owner signs in in the browser; the API work goes through a second administrator.
    const ownerToken = (await call('POST', '/auth/login', { body: owner })).token;
    managerId = (await call('POST', '/users', { token: ownerToken, body: manager })).id;
    viewerId = (await call('POST', '/users', { token: ownerToken, body: viewer })).id;
    token = (await call('POST', '/auth/login', { body: { email: manager.email, password: manager.password } })).token;
    // The company is this file's own: its settings need no restoring.
    await call('PUT', '/settings/userRating', { token, body: { value: 'enabled' } });
    connection = await call('POST', '/whatsapp', {
      token,
      body: {
        name: `Sandbox ${stamp}`, channel: 'sandbox', isDefault: true,
        ratingMessage: 'Como foi o atendimento? Responda de 0 a 10.', complationMessage: `Obrigado ${stamp}!`, expiresTicketNPS: 30,
      },
    });

    for (let i = 0; i < CUSTOMERS; i += 1) await say(i, `Olá, sou o cliente ${i}`);
    for (let i = 0; i < CUSTOMERS; i += 1) tickets[i] = (await eventually(() => ticketOf(i), { timeout: LONG_WAIT })).id;
    for (const i of [...IN_ATTENDANCE, ...Object.keys(RATED).map(Number), ...CLOSED_UNRATED]) await update(i, { status: 'open' });
    for (const i of CLOSED_UNRATED) await update(i, { status: 'closed', sendFarewellMessage: false });
    for (const i of Object.keys(RATED).map(Number)) {
      await update(i, { status: 'closed', sendFarewellMessage: true });
      await eventually(async () => (await status(i)) === 'nps', { timeout: LONG_WAIT });
      await say(i, String(RATED[i]));
    }
    for (const i of [...Object.keys(RATED).map(Number), ...CLOSED_UNRATED]) {
      await eventually(async () => (await status(i)) === 'closed', { timeout: LONG_WAIT });
    }

    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport, acceptDownloads: true })).newPage();
    page.on('pageerror', (error) => console.error('page error:', error));
    await signIn(page, owner.email, owner.password);
    await page.getByTestId('drawer').waitFor({ timeout: WAIT });
  });

  after(async () => {
    await browser?.close();
  });

  test('the API figures are the hand-computed ones', async () => {
    const data = await call('GET', '/dashboard', { token });
    for (const [key, value] of Object.entries(EXPECTED)) assert.equal(data.counters[key], value, key);
    const row = data.attendants.find((a) => a.id === managerId);
    assert.deepEqual([row.tickets, row.countRating, row.rating], [5, 4, 7.5]);
  });

  test('the dashboard shows them on its indicator and NPS tabs', async () => {
    await page.goto(url('/'));
    await page.getByTestId('dashboard').waitFor({ timeout: WAIT });
    const value = (id) => page.getByTestId(`${id}-value`);
    await eventually(async () => (await value('dash-supportPending').textContent()) === '2', { timeout: WAIT });
    for (const key of ['supportHappening', 'supportPending', 'supportFinished', 'supportGroups', 'leads', 'receivedMessages', 'activeTickets', 'passiveTickets']) {
      assert.equal(await value(`dash-${key}`).textContent(), String(EXPECTED[key]), key);
    }
    await page.getByTestId('dash-tab-nps').click();
    await value('nps-score').waitFor({ timeout: WAIT });
    const nps = {
      score: '25', promoters: '50% (2)', neutrals: '25% (1)', detractors: '25% (1)',
      tickets: '5', waitRating: '0', withoutRating: '1', withRating: '4', percRating: '80%',
    };
    for (const [key, text] of Object.entries(nps)) assert.equal(await value(`nps-${key}`).textContent(), text, key);
  });

  test('the attendants tab exports its table as a spreadsheet that reads back', async () => {
    await page.getByTestId('dash-tab-attendants').click();
    const row = page.getByTestId('dash-attendant-row').filter({ hasText: manager.name });
    await row.waitFor({ timeout: WAIT });
    const cells = await row.locator('td').allTextContents();
    assert.deepEqual(cells.slice(0, 4), [manager.name, '7,5', '4', '5']);

    const [download] = await Promise.all([page.waitForEvent('download', { timeout: WAIT }), page.getByTestId('dash-export').click()]);
    assert.match(download.suggestedFilename(), /^atendentes-\d{4}-\d{2}-01-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const rows = readSheet(await readFile(await download.path()));
    assert.deepEqual(rows[0], ['Nome', 'Nota', 'Atendimentos avaliados', 'Total de atendimentos',
      'Tempo médio de espera (min)', 'Tempo médio de atendimento (min)', 'Status']);
    // One row per user of the company, by name: the manager, the owner (named as the company), the supervisor.
    assert.deepEqual(rows.slice(1).map((r) => r[0]), [manager.name, `Gestão ${stamp}`, viewer.name]);
    const mine = rows.find((r) => r[0] === manager.name);
    assert.deepEqual(mine.slice(1, 4), ['7.5', '4', '5']);
    assert.ok(Number(mine[5]) >= 0, `average service time: ${mine[5]}`);
    assert.equal(rows.find((r) => r[0] === viewer.name).slice(1, 4).join('|'), '|0|0');
  });

  test('a card dragged to another lane moves in a second browser, live', async () => {
    const lane = await call('POST', '/tags', { token, body: { name: `Proposta ${stamp}`, color: '#2e7d32', kanban: 1 } });
    const second = await (await browser.newContext({ viewport })).newPage();
    second.on('pageerror', (error) => console.error('second page error:', error));
    // The supervisor's first socket announces them online to the company's room: once that
    // frame comes back, the socket is in the room the board's events go to. The page then
    // reaches the board through the menu, keeping that socket.
    const frames = [];
    second.on('websocket', (ws) => ws.on('framereceived', (f) => frames.push(String(f.payload))));
    await signIn(second, viewer.email, viewer.password);
    await second.getByTestId('drawer').waitFor({ timeout: WAIT });
    await eventually(() => frames.some((f) => f.includes('-user"') && f.includes(`"id":${viewerId}`)), { timeout: WAIT });
    const card = (p, laneId, id) => p.locator(`[data-testid="kanban-lane"][data-lane="${laneId}"] [data-testid="kanban-card"][data-id="${id}"]`);
    const moving = tickets[WAITING[0]];
    await page.goto(url('/Kanban'));
    await second.getByTestId('menu-kanban').click();
    await waitForPath(second, '/Kanban');
    for (const p of [page, second]) {
      await p.locator(`[data-testid="kanban-lane"][data-lane="${lane.id}"]`).waitFor({ timeout: WAIT });
      await card(p, 0, moving).waitFor({ timeout: WAIT });
    }

    await card(page, 0, moving).dragTo(page.locator(`[data-testid="kanban-lane"][data-lane="${lane.id}"]`));
    await card(page, lane.id, moving).waitFor({ timeout: WAIT });
    await card(second, lane.id, moving).waitFor({ timeout: LONG_WAIT });
    assert.equal(await card(second, 0, moving).count(), 0, 'the card left the default lane');
    const saved = await call('GET', `/tickets/${moving}`, { token });
    assert.deepEqual((saved.tags || []).map((t) => t.id), [lane.id]);
    // The other waiting ticket stayed where it was.
    await card(second, 0, tickets[WAITING[1]]).waitFor({ timeout: WAIT });
    await second.context().close();
  });
});
