import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { WAIT, adminPage, eventually, launchBrowser, url, waitForPath } from './helpers.mjs';

/*
 * What a new user trips over in forms (issue 12): messages in the app's language, a phone with
 * letters, the greeting rule of a second queue, Escape on a filled form, the permissions that
 * have no page yet, the phone-sized app bar, and signed-out pages that call nothing they can't.
 */

const stamp = Date.now().toString(36);

describe('forms a new user fills in', { timeout: 600000 }, () => {
  let browser;
  let page;

  before(async () => {
    browser = await launchBrowser();
    page = await adminPage(browser);
  });

  after(async () => {
    await browser?.close();
  });

  test('signed-out pages make no call that fails and offer no sign-up while it is off', async () => {
    const context = await browser.newContext();
    const visitor = await context.newPage();
    const failures = [];
    const settings = [];
    visitor.on('response', (r) => {
      if (r.status() >= 400) failures.push(`${r.status()} ${new URL(r.url()).pathname}`);
      if (r.url().endsWith('/public-settings/allowSignup')) settings.push(r.status());
    });
    visitor.on('console', (message) => message.type() === 'error' && failures.push(`console: ${message.text()}`));
    try {
      for (const [path, form] of [['/login', 'login-form'], ['/forgetpsw', 'forgot-email'], ['/signup', 'signup-disabled']]) {
        const asked = settings.length;
        await visitor.goto(url(path));
        await visitor.getByTestId(form).waitFor({ timeout: WAIT });
        // The page has read allowSignup (disabled): no sign-up link.
        await eventually(() => settings.length > asked, { timeout: WAIT });
        assert.equal(await visitor.getByTestId('link-signup').count(), 0, `${path} offers sign-up while it is off`);
      }
      assert.ok(settings.every((status) => status === 200), settings.join(' '));

      // The empty login form says what is missing; no password-strength meter or dialog.
      await visitor.goto(url('/login'));
      const login = visitor.getByTestId('login-form');
      await visitor.getByTestId('login-submit').click();
      await login.getByText('Obrigatório').nth(1).waitFor({ timeout: WAIT });
      assert.equal(await login.getByText('Obrigatório').count(), 2);
      await visitor.getByTestId('login-password').fill('abc');
      assert.equal(await visitor.getByTestId('password-strength').count(), 0);
      assert.equal(await visitor.getByTestId('weak-password-dialog').count(), 0);
      assert.deepEqual(failures, []);
    } finally {
      await context.close();
    }
  });

  test('the contact form speaks Portuguese and calls a phone with letters invalid', async () => {
    await page.getByTestId('menu-contacts').click();
    await waitForPath(page, '/contacts');
    await page.getByTestId('contacts-add').click();
    const form = page.getByTestId('contact-form');
    await page.getByTestId('contact-name').fill('M');
    await page.getByTestId('contact-number').fill('abcdefghij');
    await page.getByTestId('contact-save').click();
    await form.getByText('Muito curto!').waitFor({ timeout: WAIT });
    await form.getByText('Número de telefone inválido').waitFor({ timeout: WAIT });
    assert.equal(await form.getByText('Too Short!').count(), 0);
    assert.equal(await form.getByText('Obrigatório').count(), 0);
  });

  test('Escape asks before a filled form is discarded', async () => {
    // The contact form of the previous test is still open and filled.
    await page.keyboard.press('Escape');
    const discard = page.getByTestId('contact-discard');
    await discard.getByText('Descartar as alterações?').waitFor({ timeout: WAIT });
    await page.getByTestId('contact-discard-cancel').click();
    await discard.waitFor({ state: 'hidden', timeout: WAIT });
    assert.equal(await page.getByTestId('contact-name').inputValue(), 'M');

    await page.keyboard.press('Escape');
    await page.getByTestId('contact-discard-confirm').click();
    await page.getByTestId('contact-form').waitFor({ state: 'detached', timeout: WAIT });

    // An untouched form closes at once.
    await page.getByTestId('contacts-add').click();
    await page.getByTestId('contact-name').waitFor({ timeout: WAIT });
    await page.keyboard.press('Escape');
    await page.getByTestId('contact-form').waitFor({ state: 'detached', timeout: WAIT });
    assert.equal(await page.getByTestId('contact-discard').count(), 0);
  });

  test('a second queue without greeting says why on the greeting field', async () => {
    await page.getByTestId('menu-queues').click();
    await waitForPath(page, '/queues');
    const first = `Fila forms ${stamp}`;
    await page.getByTestId('queues-add').click();
    await page.getByTestId('queue-name').fill(first);
    await page.getByTestId('queue-greeting').fill(`Bem-vindo à ${first}`);
    await page.getByTestId('queue-save').click();
    const row = page.locator(`[data-testid="queue-row"][data-name="${first}"]`);
    await row.waitFor({ timeout: WAIT });

    await page.getByTestId('queues-add').click();
    await page.getByTestId('queue-name').fill(`Fila forms 2 ${stamp}`);
    await page.getByTestId('queue-save').click();
    const greeting = page.getByTestId('queue-form').locator('.MuiFormControl-root', { has: page.getByTestId('queue-greeting') });
    await greeting.getByText('A mensagem de saudação é obrigatória quando há mais de uma fila.').waitFor({ timeout: WAIT });
    assert.equal(await greeting.locator('.Mui-error').count() > 0, true);
    await page.getByTestId('queue-cancel').click();
    await page.getByTestId('queue-form').waitFor({ state: 'detached', timeout: WAIT });

    // Leave the company with the queues it had (other files count on them).
    await row.getByTestId('queue-delete').click();
    await page.getByTestId('queue-delete-dialog-confirm').click();
    await row.waitFor({ state: 'detached', timeout: WAIT });
  });

  test('the permissions tab offers the dashboard and real-time panel toggles', async () => {
    await page.getByTestId('menu-users').click();
    await waitForPath(page, '/users');
    await page.getByTestId('users-add').click();
    await page.getByTestId('user-tab-permissions').click();
    await page.getByTestId('user-allowConnections').waitFor({ timeout: WAIT });
    await page.getByTestId('user-showDashboard').waitFor({ timeout: WAIT });
    await page.getByTestId('user-allowRealTime').waitFor({ timeout: WAIT });
    await page.getByTestId('user-cancel').click();
    await page.getByTestId('user-form').waitFor({ state: 'detached', timeout: WAIT });
  });

  test("a phone's app bar fits: no cut-off due date", async () => {
    assert.equal(await page.getByTestId('due-date').isVisible(), true, 'a wide screen shows the due date');
    // The same page turned into a phone (a second sign-in of the admin would end this session).
    const wide = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 800 });
    try {
      await page.getByTestId('due-date').waitFor({ state: 'hidden', timeout: WAIT });
      const fits = await page.locator('header .MuiToolbar-root').evaluate((el) => el.scrollWidth <= el.clientWidth);
      assert.ok(fits, 'the app bar overflows');
      await page.getByTestId('user-menu-button').waitFor({ timeout: WAIT });
    } finally {
      await page.setViewportSize(wide);
    }
  });
});
