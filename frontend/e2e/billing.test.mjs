import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ADMIN_EMAIL, ADMIN_PASSWORD, call, eventually, launchBrowser, signIn, url, waitForPath, waitForText,
} from './helpers.mjs';
import { confirmPix, payFirstInvoice } from './pix.mjs';

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
    const { charge, code } = await payFirstInvoice(page, 'Dona Pagadora');
    assert.match(code, new RegExp(`05\\d\\d${charge.txid}6304[0-9A-F]{4}$`));
    await confirmPix(page, charge, `E2E${stamp}`);
    await waitForPath(page, '/');
    assert.ok(invoice.id > 0);
  });
});
