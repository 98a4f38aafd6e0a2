import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN_EMAIL, ADMIN_PASSWORD, WAIT, adminPage, eventually, launchBrowser, url, waitForPath, call } from './helpers.mjs';

/*
 * Schedules (issue 15): a recurring schedule made in the calendar's dialog for a contact is
 * sent to the customer's sandbox phone at its time, re-planned, shown live, and sent again.
 */

const stamp = Date.now().toString(36);
const customer = { number: `55118${String(Date.now()).slice(-8)}`, name: `Agenda ${stamp}` };

describe('schedules calendar', { timeout: 600000 }, () => {
  let browser;
  let page;
  let token;
  let connection;
  let contact;

  before(async () => {
    token = (await call('POST', '/auth/login', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } })).token;
    connection = await call('POST', '/whatsapp', { token, body: { name: `Sandbox agenda ${stamp}`, channel: 'sandbox', isDefault: true } });
    contact = await call('POST', '/contacts', { token, body: { name: customer.name, number: customer.number } });
    browser = await launchBrowser();
    page = await adminPage(browser, { contextOptions: { viewport: { width: 1366, height: 900 } } });
  });

  after(async () => {
    await browser?.close();
  });

  test('a day click opens the dialog with that day and the spec defaults', async () => {
    await page.getByTestId('menu-schedules').click();
    await waitForPath(page, '/schedules');
    const cells = page.locator('[data-testid="schedules-calendar"] [role="cell"][data-date]');
    await cells.first().waitFor({ timeout: WAIT });
    const cell = cells.nth(10);
    const day = await cell.getAttribute('data-date');
    await cell.click({ position: { x: 40, y: 50 } });
    await page.getByTestId('schedule-modal').waitFor({ timeout: WAIT });
    assert.match(await page.getByTestId('schedule-sendAt').inputValue(), new RegExp(`^${day}T\\d\\d:\\d\\d$`));
    assert.equal(await page.getByTestId('schedule-openTicket').isChecked(), true);
    assert.equal(await page.getByTestId('schedule-valorIntervalo').inputValue(), '0');
    assert.equal(await page.getByTestId('schedule-enviarQuantasVezes').inputValue(), '1');
    await page.getByTestId('schedule-save').click();
    await page.getByText('Mensagem muito curta').or(page.getByText('Obrigatório')).first().waitFor({ timeout: WAIT });
    await page.getByTestId('schedule-cancel').click();
    await page.getByTestId('schedule-modal').waitFor({ state: 'detached', timeout: WAIT });
  });

  test('a recurring schedule for a contact is sent, re-planned live, and sent again', async () => {
    await page.goto(url(`/schedules?contactId=${contact.id}`));
    await page.getByTestId('schedule-modal').waitFor({ timeout: WAIT });
    await page.getByTestId('schedules-contact-filter').waitFor({ timeout: WAIT });
    // Now (this minute, in the browser's time): due at once; then every minute, two sends in all.
    const now = await page.evaluate(() => {
      const d = new Date();
      const pad = (n) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
    });
    await page.getByTestId('schedule-body').fill(`Olá {{firstName}}, lembrete ${stamp}`);
    await page.getByTestId('schedule-sendAt').fill(now);
    await page.getByTestId('schedule-valorIntervalo').fill('1');
    await page.getByTestId('schedule-intervalo').click();
    await page.getByTestId('schedule-intervalo-4').click();
    await page.getByTestId('schedule-enviarQuantasVezes').fill('2');
    await page.getByTestId('schedule-save').click();
    await page.getByTestId('schedule-modal').waitFor({ state: 'detached', timeout: WAIT });
    // Saved from a contact: back to /schedules.
    await waitForPath(page, '/schedules');

    const outbound = () => call('GET', `/sandbox/${connection.id}/outbound?number=${customer.number}`, { token: connection.token })
      .then((answer) => answer.messages || []);
    const sent = `Olá Agenda, lembrete ${stamp}`;
    await eventually(async () => (await outbound()).filter((m) => m.body === sent).length === 1, { timeout: 60000 });

    // Re-planned a minute later; the calendar's event opens with the progress, live.
    // The browser's session replaced the one the setup signed in with (one live session per user).
    const mine = async () => {
      const session = await page.evaluate(() => localStorage.getItem('token'));
      return (await call('GET', `/schedules?contactId=${contact.id}`, { token: session })).schedules[0];
    };
    const replanned = await eventually(async () => {
      const s = await mine();
      return s.status === 'PENDENTE' && s.contadorEnvio === 1 && s;
    }, { timeout: 30000 });
    const event = page.getByTestId('schedule-event').filter({ hasText: stamp });
    // The second send is due a minute after the first: on a slow machine it may go out before
    // the dialog opens, and the calendar's copy may still be on its way; open it until it
    // shows one send of two made (or both, once the second went out).
    const progress = await eventually(async () => {
      await event.first().click();
      const shown = page.getByTestId('schedule-progress');
      await shown.waitFor({ timeout: WAIT });
      const text = await shown.textContent();
      if (/[12] de 2/.test(text)) return text;
      await page.getByTestId('schedule-cancel').click();
      return null;
    }, { timeout: 60000, every: 1000 });
    if (progress.includes('1 de 2')) {
      assert.equal(await page.getByTestId('schedule-sendAt').inputValue(),
        await page.evaluate((iso) => {
          const d = new Date(iso);
          const pad = (n) => String(n).padStart(2, '0');
          return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
        }, replanned.sendAt));
    }
    // The second send: the dialog (still open) follows the record only when reopened; the
    // calendar follows live.
    await page.getByTestId('schedule-cancel').click();
    await eventually(async () => (await outbound()).filter((m) => m.body === sent).length === 2, { timeout: 120000 });
    await eventually(async () => (await mine()).status === 'ENVIADA', { timeout: 30000 });
    // An open dialog shows the calendar's copy as it was when opened: reopen until the
    // calendar's live refetch brought the sent state.
    await eventually(async () => {
      await event.first().click();
      const status = page.getByTestId('schedule-status');
      await status.waitFor({ timeout: WAIT });
      if ((await status.textContent()).includes('Enviada')) return true;
      await page.getByTestId('schedule-cancel').click();
      return false;
    }, { timeout: 60000, every: 1000 });
    assert.equal(await page.getByTestId('schedule-save').count(), 0, 'a sent schedule has no submit');
    await page.getByTestId('schedule-cancel').click();
  });
  test('a drag on the calendar moves a schedule to another day, same time; the list finds it', async () => {
    const session = await page.evaluate(() => localStorage.getItem('token'));
    const mark = `arrastar-${Date.now().toString(36)}`;
    const other = await call('POST', '/contacts', { token: session, body: { name: `Arraste ${mark}`, number: `55119${String(Date.now()).slice(-8)}` } });
    // Tomorrow at 10:00 in the browser's time; dropped two days later.
    const { sendAt, from, to } = await page.evaluate(() => {
      const pad = (n) => String(n).padStart(2, '0');
      const day = (d) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
      const d = new Date();
      d.setDate(d.getDate() + 1);
      d.setHours(10, 0, 0, 0);
      const later = new Date(d);
      later.setDate(later.getDate() + 2);
      return { sendAt: d.toISOString(), from: day(d), to: day(later) };
    });
    const created = await call('POST', '/schedules', { token: session, body: { body: `Mover ${mark}`, contactId: other.id, sendAt, openTicket: 'disabled' } });
    await page.goto(url('/schedules'));
    await page.getByTestId('schedules-view-calendar').click();
    const cell = (date) => page.locator(`[data-testid="schedules-calendar"] [role="cell"][data-date="${date}"]`);
    await cell(from).waitFor({ timeout: WAIT });
    assert.equal(await cell(to).count(), 1, `the month grid shows ${to}`);
    const event = page.locator(`[data-testid="schedule-event"][data-schedule-id="${created.id}"]`);
    await event.waitFor({ timeout: WAIT });
    const a = await event.boundingBox();
    const b = await cell(to).boundingBox();
    // FullCalendar's drag: press, move past its threshold in steps, release over the day.
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 5, { steps: 5 });
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 15 });
    await page.mouse.up();
    await page.getByText('Agendamento movido.').first().waitFor({ timeout: WAIT });
    const moved = await eventually(async () => {
      const s = await call('GET', `/schedules/${created.id}`, { token: session });
      return s.sendAt !== created.sendAt && s;
    });
    const local = await page.evaluate((iso) => {
      const d = new Date(iso);
      const pad = (n) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
    }, moved.sendAt);
    assert.equal(local, `${to} 10:00`);
    assert.equal(moved.status, 'PENDENTE');
    await cell(to).locator(`[data-schedule-id="${created.id}"]`).waitFor({ timeout: WAIT });

    // The list view: searched by its text, shown with its status; the choice is remembered.
    await page.getByTestId('schedules-view-list').click();
    await page.getByTestId('schedules-search').fill(mark);
    const row = page.locator(`[data-testid="schedule-row"][data-id="${created.id}"]`);
    // The search applies once typing stops: until then the whole list shows.
    await eventually(async () => (await page.getByTestId('schedule-row').count()) === 1 && (await row.count()) === 1);
    assert.match(await row.textContent(), /Pendente/);
    await page.reload();
    await page.getByTestId('schedules-list').waitFor({ timeout: WAIT });
    await page.getByTestId('schedules-view-calendar').click();
  });
});
