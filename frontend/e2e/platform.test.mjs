import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ADMIN_EMAIL, ADMIN_PASSWORD, WAIT, adminPage, call, eventually, launchBrowser, signIn, url, waitForPath, waitForText,
} from './helpers.mjs';
import { confirmPix, payFirstInvoice } from './pix.mjs';

/*
 * The platform business end to end (issue 16): the operator's whitelabel reaches an anonymous
 * visitor's login page; the operator creates a plan and a company, its admin signs in, opens the
 * invoice the scheduler billed, pays it by Pix (BR Code and QR), and when the operator marks it
 * paid the page says so and the company's due date moves a month.
 */

const stamp = Date.now().toString(36);
const brand = { appName: `Marca ${stamp}`, primaryColorLight: '#aa3311' };

/** YYYY-MM-DD of a date (UTC). */
const day = (d) => d.toISOString().slice(0, 10);
/** YYYY-MM-DD of a date in this machine's zone (the browser's, as the due-date warning counts). */
const localDay = (d) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** A date plus months, clamped to the month's last day (Jan 31 + 1 = Feb 28/29). */
function addMonths(iso, months) {
  const [y, m, d] = iso.split('-').map(Number);
  const last = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return day(new Date(Date.UTC(y, m - 1 + months, Math.min(d, last))));
}

describe('platform: whitelabel, a company billed and paid', { timeout: 600000 }, () => {
  let browser;
  let token;
  const saved = {};

  before(async () => {
    ({ token } = await call('POST', '/auth/login', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } }));
    browser = await launchBrowser();
  });

  after(async () => {
    await Promise.all(Object.entries(saved).map(([key, value]) => call('PUT', `/settings/${key}`, { token, body: { value } })));
    await browser?.close();
  });

  test("an anonymous visitor's login page shows the operator's system name and colour", async () => {
    for (const [key, value] of Object.entries(brand)) {
      saved[key] = (await call('GET', `/public-settings/${key}`))?.value ?? '';
      await call('PUT', `/settings/${key}`, { token, body: { value } });
    }
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(url('/login'));
    await waitForText(visitor, 'brand-name', brand.appName);
    const colour = await eventually(async () => {
      const bg = await visitor.getByTestId('login-submit').evaluate((el) => getComputedStyle(el).backgroundColor);
      return bg === 'rgb(170, 51, 17)' && bg;
    }, { timeout: WAIT });
    assert.equal(colour, 'rgb(170, 51, 17)');
    await eventually(async () => (await visitor.title()).includes(brand.appName), { timeout: WAIT });
    await visitor.context().close();
  });

  test("the operator's logo shows on the login page, and goes once removed", async () => {
    // A 1×1 PNG, its type read from its bytes by the server.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const form = new FormData();
    form.append('mode', 'Light');
    form.append('file', new Blob([png], { type: 'image/png' }), 'logo.png');
    const res = await fetch(url('/settings-whitelabel/logo'), { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
    assert.equal(res.status, 200);
    const name = await res.json();
    try {
      const visitor = await (await browser.newContext()).newPage();
      await visitor.goto(url('/login'));
      await eventually(async () => ((await visitor.getByTestId('brand-logo').first().getAttribute('src')) || '').includes(name), { timeout: WAIT });
      const loaded = await visitor.getByTestId('brand-logo').first().evaluate((img) => img.complete && img.naturalWidth === 1);
      assert.ok(loaded, 'the logo image did not load');
      await visitor.context().close();
    } finally {
      await call('DELETE', '/settings-whitelabel/logo?mode=Light', { token });
    }
  });

  test('a company on a plan is billed, pays by Pix, and the paid invoice moves its due date', async () => {
    const plan = await call('POST', '/plans', {
      token, body: { name: `Plano ${stamp}`, amount: 59.9, users: 3, connections: 2, queues: 2, isPublic: false },
    });
    // Due in 3 days (the browser's calendar days, as the warning counts them): inside the
    // 5-day warning at any hour, and billed (invoices are made 20 days ahead).
    const dueDate = localDay(new Date(Date.now() + 3 * 86400000));
    const company = await call('POST', '/companies', {
      token, body: { name: `Cliente ${stamp}`, email: `dono-${stamp}@cliente.test`, planId: plan.id, dueDate, recurrence: 'MENSAL' },
    });
    const owner = { email: `dono-${stamp}@cliente.test`, password: company.initialPassword };
    const session = await call('POST', '/auth/login', { body: owner });
    // The scheduler's invoice job runs every minute.
    const invoice = await eventually(async () => (await call('GET', '/invoices', { token: session.token })).invoices?.[0],
      { timeout: 150000, every: 2000 });
    assert.equal(invoice.dueDate.slice(0, 10), dueDate);
    assert.equal(Number(invoice.value), 59.9);

    const page = await (await browser.newContext()).newPage();
    page.on('pageerror', (error) => console.error('page error:', error));
    await signIn(page, owner.email, owner.password);
    await page.getByTestId('drawer').waitFor({ timeout: WAIT });
    await waitForText(page, 'toast', 'Sua assinatura vence em');
    await page.getByTestId('menu-invoices').click();
    await waitForPath(page, '/financeiro');
    await waitForText(page, 'invoices-page', 'Faturas (1)');
    const { charge, code } = await payFirstInvoice(page, 'Dono Cliente');
    assert.match(code, /540559\.90/);
    assert.match(code, /6304[0-9A-F]{4}$/);
    // The customer pays: Efí's webhook (the fake on loopback) confirms the Pix.
    await confirmPix(page, charge, `E2P${stamp}`);
    const moved = addMonths(dueDate, 1);
    const after = await call('GET', `/companies/${company.id}`, { token });
    assert.equal(String(after.dueDate).slice(0, 10), moved);
    await page.context().close();
    // The browser's sign-in took the API session over: sign in again to read the invoice.
    const again = await call('POST', '/auth/login', { body: owner });
    const paid = (await call('GET', '/invoices', { token: again.token })).invoices.find((i) => i.id === invoice.id);
    assert.equal(paid.status, 'paid');
  });

  test('an admin imports contacts from a spreadsheet: mapped, previewed, imported, the bad row refused', async () => {
    const page = await adminPage(browser);
    await page.goto(url('/contacts/import'));
    const csv = `nome;telefone;email\nAna Importada ${stamp};(11) 99999-0101;ana@exemplo.com\nSem Numero;;\n`;
    await page.getByTestId('contact-import-file').setInputFiles({ name: 'contatos.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByTestId('contact-import-preview').waitFor({ timeout: WAIT });
    assert.equal(await page.getByTestId('contact-import-preview').locator('tbody tr').count(), 2);
    await page.getByTestId('contact-import-start').click();
    await page.locator('[data-testid="contact-import-progress"][data-status="done"]').waitFor({ timeout: WAIT });
    assert.match(await page.getByTestId('contact-import-counts').textContent(), /2 linhas lidas: 1 contatos criados, 0 atualizados, 1 recusados/);
    await page.getByTestId('contact-import-refused').waitFor({ timeout: WAIT });
    await page.context().close();
    // The browser's sign-in took the operator's API session over: sign in again.
    ({ token } = await call('POST', '/auth/login', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } }));
    const found = await call('GET', `/contacts?searchParam=${encodeURIComponent(`Ana Importada ${stamp}`)}`, { token });
    assert.equal(found.contacts[0]?.number, '5511999990101');
  });
});
