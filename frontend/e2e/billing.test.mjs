import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ADMIN_EMAIL, ADMIN_PASSWORD, WAIT, call, eventually, launchBrowser, signIn, url, waitForPath, waitForText,
} from './helpers.mjs';

const FAKEEFI_URL = (process.env.FAKEEFI_URL || 'http://127.0.0.1:8191').replace(/\/$/, '');
const stamp = Date.now().toString(36);
const owner = { email: `e2e-payer-${stamp}@atende.local`, password: 'Dono@1234', company: `Pagadora ${stamp}` };

// A company signs up (its trial ends in 7 days), the invoice job bills that due date within a
// minute, its admin pays the invoice's Pix, and Efí's webhook (the fake on loopback) confirms it.
describe('invoices and Pix', { timeout: 600000 }, () => {
  let browser;
  let page;
  let invoice;

  before(async () => {
    const { token } = await call('POST', '/auth/login', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
    await call('PUT', '/settings/allowSignup', { token, body: { value: 'enabled' } });
    try {
      const plans = await call('GET', '/plans/list');
      await call('POST', '/auth/signup', {
        body: { name: 'Dona Pagadora', companyName: owner.company, email: owner.email, phone: '5511999990001', password: owner.password, planId: plans[0].id },
      });
    } finally {
      await call('PUT', '/settings/allowSignup', { token, body: { value: 'disabled' } });
    }
    const session = await call('POST', '/auth/login', { body: { email: owner.email, password: owner.password } });
    // The scheduler's invoice job runs every minute.
    invoice = await eventually(async () => (await call('GET', '/invoices', { token: session.token })).invoices?.[0], { timeout: 150000, every: 2000 });
    browser = await launchBrowser();
    page = await (await browser.newContext()).newPage();
    page.on('pageerror', (error) => console.error('page error:', error));
  });

  after(async () => {
    await browser?.close();
  });

  test('the admin opens the invoice, gets the Pix code and QR, and sees it paid when the webhook arrives', async () => {
    await signIn(page, owner.email, owner.password);
    await waitForPath(page, '/tickets');
    await page.getByTestId('menu-invoices').click();
    await waitForPath(page, '/financeiro');
    await waitForText(page, 'invoices-page', 'Faturas (1)');
    const row = page.getByTestId('invoice-row').first();
    assert.equal(await row.getAttribute('data-status'), 'open');

    await row.getByTestId('invoice-pay').click();
    assert.equal(await page.getByTestId('checkout-stepper').getAttribute('data-step'), '1');
    await page.getByTestId('checkout-choose-current').click();
    await page.getByTestId('checkout-back').click();
    await page.getByTestId('checkout-back').click();
    await page.getByTestId('checkout-firstName').fill('Dona Pagadora');
    await page.getByTestId('checkout-zipcode').fill('12345678909');
    await page.getByTestId('checkout-next').click();
    await page.getByTestId('checkout-next').click();
    const subscribed = page.waitForResponse((r) => r.url().endsWith('/subscription'), { timeout: WAIT });
    await page.getByTestId('checkout-pay').click();
    const charge = await (await subscribed).json();

    await page.getByTestId('pix-payment').waitFor({ timeout: WAIT });
    const code = await page.getByTestId('pix-code').inputValue();
    assert.equal(code, charge.qrcode.qrcode);
    assert.match(code, /^00020126\d{2}0014br\.gov\.bcb\.pix0116pix@atende\.local/);
    assert.match(code, new RegExp(`05\\d\\d${charge.txid}6304[0-9A-F]{4}$`));
    assert.equal(await page.getByTestId('qrcode-image').getAttribute('data-value'), code);

    const res = await fetch(`${FAKEEFI_URL}/_fake/pix`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ endToEndId: `E2E${stamp}`.padEnd(32, '0').slice(0, 32), txid: charge.txid, valor: charge.valor.original }),
    });
    assert.deepEqual(await res.json(), { delivered: true, status: 200 });
    await page.getByTestId('pix-paid').waitFor({ timeout: WAIT });
    await waitForPath(page, '/');
    assert.ok(invoice.id > 0);
  });
});
