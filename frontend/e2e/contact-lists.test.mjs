import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { WAIT, adminPage, eventually, launchBrowser, url, waitForPath, waitForText } from './helpers.mjs';

const stamp = Date.now().toString(36);
const listName = `Clientes ${stamp}`;

describe('contact lists: a list, its spreadsheet import with live progress, its contacts', { timeout: 240000 }, () => {
  let browser;
  let page;

  /** Calls the api as the signed-in admin (JSON), or fetches bytes (as base64). */
  const call = (method, path, body, bytes = false) => page.evaluate(async ([m, p, b, raw]) => {
    const res = await fetch(p, {
      method: m,
      headers: { Authorization: `Bearer ${localStorage.getItem('token')}`, 'Content-Type': 'application/json' },
      body: b ? JSON.stringify(b) : undefined,
    });
    if (!raw) return { status: res.status, data: await res.json().catch(() => null) };
    const buf = new Uint8Array(await res.arrayBuffer());
    let s = '';
    buf.forEach((c) => { s += String.fromCharCode(c); });
    return { status: res.status, data: btoa(s) };
  }, [method, path, body, bytes]);

  before(async () => {
    browser = await launchBrowser();
    page = await adminPage(browser);
  });

  after(async () => {
    await browser?.close();
  });

  test('the campaigns setting shows the menu entry', async () => {
    const set = await call('PUT', '/settings/campaignsEnabled', { value: 'enabled' });
    assert.equal(set.status, 200);
    await page.reload();
    await page.getByTestId('menu-contact-lists').click();
    await waitForPath(page, '/contact-lists');
  });

  test('the admin creates a list', async () => {
    await page.getByTestId('contact-lists-add').click();
    await page.getByTestId('contact-list-name').fill(listName);
    await page.getByTestId('contact-list-save').click();
    await page.locator(`[data-testid="contact-list-row"][data-name="${listName}"]`).waitFor({ timeout: WAIT });
  });

  test('imports the example spreadsheet and a CSV with a bad row, watching the progress', async () => {
    await page.locator(`[data-testid="contact-list-row"][data-name="${listName}"] [data-testid="contact-list-open"]`).click();
    await page.getByTestId('contact-list-items-page').waitFor({ timeout: WAIT });
    const example = await call('GET', '/contact-lists/example', null, true);
    assert.equal(example.status, 200);
    await page.getByTestId('contact-list-items-file').setInputFiles({
      name: 'modelo.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from(example.data, 'base64'),
    });
    await eventually(async () => (await page.getByTestId('contact-list-import').getAttribute('data-status')) === 'done');
    await waitForText(page, 'contact-list-import-counts', '2 linhas lidas');
    await page.locator('[data-testid="contact-list-item-row"][data-number="5511999990001"]').waitFor({ timeout: WAIT });
    await page.locator('[data-testid="contact-list-item-row"][data-number="5521988880002"]').waitFor({ timeout: WAIT });

    const csv = 'nome;telefone;email\nCarla Dias;(31) 97777-0003;carla@ex.com\nSem número;;\nRuim;123;\n';
    await page.getByTestId('contact-list-items-file').setInputFiles({ name: 'lista.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await eventually(async () => (await page.getByTestId('contact-list-import-counts').textContent()).includes('2 recusados'));
    await page.getByTestId('contact-list-import-refused').waitFor({ timeout: WAIT });
    await page.locator('[data-testid="contact-list-item-row"][data-number="5531977770003"]').waitFor({ timeout: WAIT });
  });

  test('adds, searches, edits and deletes a contact', async () => {
    await page.getByTestId('contact-list-items-add').click();
    await page.getByTestId('contact-list-item-name').fill('Zeca Lima');
    await page.getByTestId('contact-list-item-number').fill('(41) 96666-0004');
    await page.getByTestId('contact-list-item-save').click();
    const zeca = page.locator('[data-testid="contact-list-item-row"][data-number="5541966660004"]');
    await zeca.waitFor({ timeout: WAIT });
    await page.getByTestId('contact-list-items-search').fill('zeca');
    await eventually(async () => (await page.getByTestId('contact-list-item-row').count()) === 1);
    await zeca.getByTestId('contact-list-item-edit').click();
    await page.getByTestId('contact-list-item-name').fill('Zeca Lima Jr');
    await page.getByTestId('contact-list-item-save').click();
    await waitForText(page, 'contact-list-items-table', 'Zeca Lima Jr');
    await zeca.getByTestId('contact-list-item-delete').click();
    await page.getByTestId('contact-list-item-delete-dialog-confirm').click();
    await eventually(async () => (await zeca.count()) === 0);
  });

  test('back to the lists, with the count', async () => {
    await page.getByTestId('contact-list-items-back').click();
    await waitForPath(page, '/contact-lists');
    await waitForText(page, 'contact-lists-table', listName);
    const count = page.locator(`[data-testid="contact-list-row"][data-name="${listName}"] [data-testid="contact-list-count"]`);
    await eventually(async () => (await count.textContent()) === '3');
    assert.equal(new URL(page.url()).pathname, '/contact-lists');
    assert.ok(url('/contact-lists'));
  });
});
