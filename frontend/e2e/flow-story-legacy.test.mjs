import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ADMIN_EMAIL, ADMIN_PASSWORD, BASE_URL, WAIT, adminPage, call, eventually, launchBrowser, url, waitForText,
} from './helpers.mjs';
import { flowEditor } from './flow-editor.mjs';

// Issue 14, the legacy node kinds (message, img, audio, video of spec/3): a flow saved with
// them opens in the editor, a double-click edits each, and a new image goes up through the
// flow media endpoint and is kept by the save.

const stamp = Date.now().toString(36);
// A 1×1 PNG: the server sniffs uploads from their bytes.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const nodeId = (tag) => `${tag}${stamp}`.padEnd(30, 'x').slice(0, 30);
const ids = { start: nodeId('start'), message: nodeId('message'), img: nodeId('img') };

describe('the legacy nodes in the editor', { timeout: 300000 }, () => {
  let browser;
  let page;
  let token;
  let flow;
  let editor;

  /** POST /flowbuilder/img as the API admin: the stored name. */
  async function uploadImage(name) {
    const form = new FormData();
    form.append('medias', new Blob([PNG], { type: 'image/png' }), name);
    const res = await fetch(`${BASE_URL}/flowbuilder/img`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
    assert.equal(res.status, 200, await res.clone().text());
    return (await res.json()).name;
  }

  before(async () => {
    // The browser signs in as the seeded admin, which ends that user's API session: the API
    // calls go through a second administrator of the company.
    const seeded = (await call('POST', '/auth/login', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } })).token;
    const helper = { name: `Legacy admin ${stamp}`, email: `legacy-admin-${stamp}@atende.local`, password: `Legacy@${stamp}1234`, profile: 'admin' };
    await call('POST', '/users', { token: seeded, body: helper });
    token = (await call('POST', '/auth/login', { body: { email: helper.email, password: helper.password } })).token;
    flow = await call('POST', '/flowbuilder', { token, body: { name: `Legado ${stamp}` } });
    const stored = await uploadImage('antiga.png');
    const node = (id, type, x, data) => ({ id, type, position: { x, y: 100 }, data });
    await call('POST', '/flowbuilder/flow', {
      token,
      body: {
        idFlow: flow.id,
        nodes: [
          node(ids.start, 'start', 0, { label: 'Inicio do fluxo' }),
          node(ids.message, 'message', 260, { label: 'Mensagem antiga' }),
          node(ids.img, 'img', 520, { url: stored }),
        ],
        connections: [
          { id: 'e1', source: ids.start, sourceHandle: 'a', target: ids.message },
          { id: 'e2', source: ids.message, sourceHandle: 'a', target: ids.img },
        ],
      },
    });
    browser = await launchBrowser();
    page = await adminPage(browser, { contextOptions: { viewport: { width: 1440, height: 900 } } });
    editor = flowEditor(page);
  });

  after(async () => {
    await browser?.close();
  });

  test('the message and the image are edited in their dialogs and kept by the save', async () => {
    const { node } = editor;
    await page.goto(url(`/flowbuilder/${flow.id}`));
    await page.getByText('Desenhe seu fluxo').waitFor({ timeout: WAIT });

    await node('message').dblclick();
    await page.getByTestId('flow-message-modal').getByText('Editar mensagem').waitFor({ timeout: WAIT });
    assert.equal(await page.getByTestId('flow-message-text').inputValue(), 'Mensagem antiga');
    await page.getByTestId('flow-message-text').fill('Olá! Veja a nossa vitrine.');
    await page.getByTestId('flow-message-save').click();
    await node('message').getByText('Olá! Veja a nossa vitrine.').waitFor({ timeout: WAIT });

    await node('img').dblclick();
    const modal = page.getByTestId('flow-img-modal');
    await modal.getByText('Editar imagem').waitFor({ timeout: WAIT });
    // The stored image shows through the signed media URL.
    await eventually(async () => (await modal.locator('img').getAttribute('src').catch(() => null))?.startsWith('blob:'), { timeout: WAIT });
    await page.getByTestId('flow-img-file').setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: PNG });
    await waitForText(page, 'toast', 'Apenas imagens png, jpg ou jpeg');
    await page.getByTestId('flow-img-file').setInputFiles({ name: 'vitrine.png', mimeType: 'image/png', buffer: PNG });
    await modal.getByText('vitrine.png').waitFor({ timeout: WAIT });
    const uploaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/flowbuilder/img' && r.request().method() === 'POST', { timeout: WAIT });
    await page.getByTestId('flow-img-save').click();
    assert.equal((await uploaded).status(), 200);
    await node('img').getByText('vitrine.png').waitFor({ timeout: WAIT });

    await page.getByTestId('flow-save').click();
    await waitForText(page, 'toast', 'Fluxo salvo com sucesso');
    const saved = await call('GET', `/flowbuilder/flow/${flow.id}`, { token });
    const byId = Object.fromEntries(saved.flow.flow.nodes.map((n) => [n.id, n]));
    assert.equal(byId[ids.message].data.label, 'Olá! Veja a nossa vitrine.');
    assert.equal(byId[ids.img].data.original, 'vitrine.png');
    assert.match(byId[ids.img].data.url, /\S/);
    // The new name is a stored file of the company.
    const media = await fetch(`${BASE_URL}/flowbuilder/media?name=${encodeURIComponent(byId[ids.img].data.url)}`,
      { headers: { Authorization: `Bearer ${token}` }, redirect: 'manual' });
    assert.equal(media.status, 302);
  });
});
