import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ADMIN_EMAIL, ADMIN_PASSWORD, WAIT, adminPage, call, eventually, launchBrowser, signIn, waitForPath,
} from './helpers.mjs';

/*
 * Internal chat (issue 17): the admin starts a chat with an attendant in one browser, the
 * attendant in a second browser sees the unread count rise in the top bar, opens the chat
 * (the count clears), answers, and the admin sees the answer live.
 */

const stamp = Date.now().toString(36);
const agent = { name: `Atendente ${stamp}`, email: `chat-${stamp}@atende.local`, password: `Chat@${stamp}1234`, profile: 'user' };
const title = `Plantão ${stamp}`;
const viewport = { width: 1366, height: 900 };

const badge = (page) => page.getByTestId('chats-button').getAttribute('data-count');

describe('internal chat between two users', { timeout: 300000 }, () => {
  let browser;
  let admin;
  let attendant;

  before(async () => {
    // The API session ends when the browser signs the admin in: only the user is made here.
    const token = (await call('POST', '/auth/login', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } })).token;
    await call('POST', '/users', { token, body: agent });
    browser = await launchBrowser();
    admin = await adminPage(browser, { contextOptions: { viewport } });
    attendant = await (await browser.newContext({ viewport })).newPage();
    attendant.on('pageerror', (error) => console.error('page error:', error));
    await signIn(attendant, agent.email, agent.password);
    await waitForPath(attendant, '/tickets');
    await attendant.getByTestId('chats-button').waitFor({ timeout: WAIT });
  });

  after(async () => {
    await browser?.close();
  });

  test('the admin creates a chat with the attendant from the /chats page', async () => {
    await admin.getByTestId('menu-chats').click();
    await waitForPath(admin, '/chats');
    await admin.getByTestId('chats-add').click();
    await admin.getByTestId('chat-modal').waitFor({ timeout: WAIT });
    assert.equal(await admin.getByTestId('chat-save').isDisabled(), true, 'save waits for a title and a user');
    await admin.getByTestId('chat-title').fill(title);
    assert.equal(await admin.getByTestId('chat-save').isDisabled(), true, 'save waits for a user');
    await admin.getByTestId('chat-users').fill(agent.name);
    await admin.getByRole('option', { name: agent.name }).click();
    await admin.getByTestId('chat-save').click();
    await admin.getByTestId('chat-modal').waitFor({ state: 'detached', timeout: WAIT });
    await admin.getByTestId('chat-messages').waitFor({ timeout: WAIT });
    assert.match(new URL(admin.url()).pathname, /^\/chats\/[0-9a-f-]{36}$/);
    assert.equal(await admin.getByTestId('chat-title').textContent(), title);
    assert.equal(await badge(attendant), '0');
  });

  test('a message raises the attendant\'s unread count live; opening the chat clears it', async () => {
    const input = admin.getByTestId('chat-input');
    await input.fill(`Bom dia ${stamp}`);
    await input.press('Enter');
    await admin.getByTestId('chat-message-text').filter({ hasText: `Bom dia ${stamp}` }).waitFor({ timeout: WAIT });
    await input.fill(`Tudo pronto? ${stamp}`);
    await admin.getByTestId('chat-send').click();
    await eventually(async () => (await badge(attendant)) === '2');

    await attendant.getByTestId('chats-button').click();
    const item = attendant.getByTestId('chats-popover-item').filter({ hasText: title });
    await item.waitFor({ timeout: WAIT });
    assert.equal(await item.getAttribute('data-unreads'), '2');
    await item.click();
    await attendant.getByTestId('chat-messages').waitFor({ timeout: WAIT });
    await attendant.getByTestId('chat-message-text').filter({ hasText: `Tudo pronto? ${stamp}` }).waitFor({ timeout: WAIT });
    await eventually(async () => (await badge(attendant)) === '0');
    const listed = attendant.getByTestId('chat-item').filter({ hasText: title });
    await eventually(async () => (await listed.getAttribute('data-unreads')) === '0');
  });

  test('the answer reaches the admin\'s open conversation, which stays read', async () => {
    const input = attendant.getByTestId('chat-input');
    await input.fill(`Tudo certo, ${stamp}!`);
    await input.press('Enter');
    await admin.getByTestId('chat-message-text').filter({ hasText: `Tudo certo, ${stamp}!` }).waitFor({ timeout: WAIT });
    const theirs = admin.locator('[data-testid="chat-message"][data-mine="false"]').filter({ hasText: agent.name });
    await theirs.first().waitFor({ timeout: WAIT });
    // The admin has the chat open: the message is read at once.
    await eventually(async () => (await badge(admin)) === '0');
    const listed = admin.getByTestId('chat-item').filter({ hasText: title });
    await eventually(async () => (await listed.getAttribute('data-unreads')) === '0');
    assert.match(await listed.textContent(), new RegExp(`Tudo certo, ${stamp}!`));
  });

  test('the chat survives a reload with its messages, oldest first', async () => {
    await attendant.reload();
    await attendant.getByTestId('chat-messages').waitFor({ timeout: WAIT });
    await attendant.getByTestId('chat-message-text').first().waitFor({ timeout: WAIT });
    const texts = await attendant.getByTestId('chat-message-text').allTextContents();
    assert.deepEqual(texts, [`Bom dia ${stamp}`, `Tudo pronto? ${stamp}`, `Tudo certo, ${stamp}!`]);
    // Only the owner sees edit and delete.
    assert.equal(await attendant.getByTestId('chat-item').filter({ hasText: title }).getByTestId('chat-edit').count(), 0);
    assert.equal(await admin.getByTestId('chat-item').filter({ hasText: title }).getByTestId('chat-edit').count(), 1);
  });
});
