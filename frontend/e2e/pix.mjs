import assert from 'node:assert/strict';
import { WAIT } from './helpers.mjs';

const FAKEEFI_URL = (process.env.FAKEEFI_URL || 'http://127.0.0.1:8191').replace(/\/$/, '');

/**
 * Pays the first invoice of the invoices page by Pix through the checkout, the payer's name on
 * the form, and checks that the BR Code the page shows is the charge's (as text and as QR).
 * Returns the charge the API answered and the code.
 */
export async function payFirstInvoice(page, payer) {
  await page.getByTestId('invoice-row').first().getByTestId('invoice-pay').click();
  assert.equal(await page.getByTestId('checkout-stepper').getAttribute('data-step'), '1');
  await page.getByTestId('checkout-choose-current').click();
  await page.getByTestId('checkout-back').click();
  await page.getByTestId('checkout-back').click();
  await page.getByTestId('checkout-firstName').fill(payer);
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
  assert.equal(await page.getByTestId('qrcode-image').getAttribute('data-value'), code);
  return { charge, code };
}

/** The customer pays: Efí's webhook (the fake on loopback) confirms the charge's Pix, and the page says so. */
export async function confirmPix(page, charge, endToEndId) {
  const res = await fetch(`${FAKEEFI_URL}/_fake/pix`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ endToEndId: endToEndId.padEnd(32, '0').slice(0, 32), txid: charge.txid, valor: charge.valor.original }),
  });
  assert.deepEqual(await res.json(), { delivered: true, status: 200 });
  await page.getByTestId('pix-paid').waitFor({ timeout: WAIT });
}
