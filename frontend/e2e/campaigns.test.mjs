import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN_EMAIL, ADMIN_PASSWORD, WAIT, adminPage, eventually, launchBrowser, call } from './helpers.mjs';

/*
 * Campaigns (issue 15) on a sandbox connection: a campaign with confirmation is created in the
 * dialog for the contacts of a tag; the report counts up live while the customers receive the
 * confirmation request, answer it and get the message, each exactly once.
 */

const stamp = Date.now().toString(36);

describe('campaigns with confirmation on a sandbox connection', { timeout: 300000 }, () => {
  let browser;
  let page;
  let connection;
  let tag;
  const numbers = [1, 2, 3].map((i) => `55119${String(Date.now()).slice(-6)}${i}`);
  const outbound = async (number) => (await call('GET', `/sandbox/${connection.id}/outbound?number=${number}`, { token: connection.token }))?.messages || [];
  const count = async (key) => Number(await page.getByTestId(`campaign-count-${key}-value`).textContent());

  before(async () => {
    const { token } = await call('POST', '/auth/login', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
    await call('PUT', '/settings/campaignsEnabled', { token, body: { value: 'enabled' } });
    // No pause between messages, any hour, any day: the run is about the flow, not the pace.
    await call('POST', '/campaign-settings', {
      token,
      body: { settings: { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0, startHour: '00:00', endHour: '00:00', sabado: true, domingo: true } },
    });
    connection = await call('POST', '/whatsapp', { token, body: { name: `Campanhas ${stamp}`, channel: 'sandbox' } });
    tag = await call('POST', '/tags', { token, body: { name: `vip-${stamp}`, color: '#2563eb' } });
    for (const [i, number] of numbers.entries()) {
      await call('POST', '/contacts', { token, body: { name: `Cliente ${i + 1}`, number, tags: [{ id: tag.id }] } });
    }
    browser = await launchBrowser();
    page = await adminPage(browser);
  });

  after(async () => {
    await browser?.close();
  });

  test('create, watch the report count up while customers confirm', async () => {
    await page.getByTestId('menu-campaigns').click();
    await page.getByTestId('campaigns-page').waitFor({ timeout: WAIT });
    await page.getByTestId('campaigns-add').click();
    await page.getByTestId('campaign-name').fill(`Oferta ${stamp}`);
    await page.getByTestId('campaign-whatsappId').click();
    await page.getByTestId(`campaign-whatsappId-${connection.id}`).click();
    await page.getByTestId('campaign-tagListId').click();
    await page.getByTestId(`campaign-tagListId-${tag.id}`).click();
    const now = await page.evaluate(() => {
      const d = new Date(Date.now() - 60000);
      const p = (n) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
    });
    await page.getByTestId('campaign-scheduledAt').fill(now);
    await page.getByTestId('campaign-confirmation').check();
    await page.getByTestId('campaign-tab-messages').click();
    await page.getByTestId('campaign-message1').fill('Oi {nome}, a oferta é sua!');
    await page.getByTestId('campaign-tab-confirmation').click();
    await page.getByTestId('campaign-confirmationMessage1').fill('{nome}, podemos enviar a oferta?');
    await page.getByTestId('campaign-save').click();
    const row = page.getByTestId('campaign-row').filter({ hasText: `Oferta ${stamp}` });
    await row.waitFor({ timeout: WAIT });
    await row.getByTestId('campaign-row-report').click();
    await page.getByTestId('campaign-report-page').waitFor({ timeout: WAIT });

    // Every customer is asked first, and nobody gets the offer before answering.
    for (const number of numbers) {
      await eventually(async () => (await outbound(number)).length === 1);
      const [ask] = await outbound(number);
      assert.match(ask.body, /podemos enviar a oferta\?$/);
    }
    await page.getByTestId('campaign-waiting').filter({ hasText: /respostas|replies/ }).waitFor({ timeout: WAIT });
    assert.equal(await count('sent'), 0);

    // Two customers answer; the report counts them without a reload.
    for (const number of numbers.slice(0, 2)) {
      await call('POST', `/sandbox/${connection.id}/inbound`, { token: connection.token, body: { number, name: 'Cliente', body: 'sim!' } });
    }
    await eventually(async () => (await count('confirmed')) === 2 && (await count('sent')) === 2);
    for (const number of numbers.slice(0, 2)) {
      await eventually(async () => (await outbound(number)).length === 2);
      const [, offer] = await outbound(number);
      assert.match(offer.body, /^\u200cOi Cliente \d, a oferta é sua!$/);
    }
    await eventually(async () => (await count('read')) === 2);
    assert.equal((await outbound(numbers[2])).length, 1, 'the third customer never answered: no offer');
    await page.getByTestId('campaign-contact-row').first().waitFor({ timeout: WAIT });
  });
});
