import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN_EMAIL, WAIT, launchBrowser, url, waitForPath, waitForText } from './helpers.mjs';

describe('public pages', { timeout: 120000 }, () => {
  let browser;
  let context;
  let page;

  before(async () => {
    browser = await launchBrowser();
    context = await browser.newContext();
    page = await context.newPage();
  });

  after(async () => {
    await browser?.close();
  });

  test('private routes send visitors to /login', async () => {
    await page.goto(url('/settings'));
    await waitForPath(page, '/login');
    await page.getByTestId('login-form').waitFor({ timeout: WAIT });
    // Sign-up is off until the super admin enables it (the shell tests do): no link meanwhile.
    assert.equal(await page.getByTestId('link-signup').count(), 0);
    assert.equal(await page.getByTestId('link-forgot').getAttribute('href'), '/forgetpsw');
    assert.match(await page.getByTestId('support-button').getAttribute('href'), /^(mailto:|https?:)/);
  });

  test('a wrong password is refused at once, without a password-strength dialog', async () => {
    await page.goto(url('/login'));
    await page.getByTestId('login-email').fill(ADMIN_EMAIL.toUpperCase());
    await page.getByTestId('login-password').fill('abc');
    assert.equal(await page.getByTestId('password-strength').count(), 0);

    const login = page.waitForResponse((r) => r.url().endsWith('/auth/login'), { timeout: WAIT });
    await page.getByTestId('login-submit').click();
    const response = await login;
    assert.equal(response.status(), 401);
    assert.equal(JSON.parse(response.request().postData()).email, ADMIN_EMAIL.toLowerCase());
    await waitForText(page, 'toast', 'Erro de autenticação. Por favor, tente novamente.');
    assert.equal(await page.getByTestId('weak-password-dialog').count(), 0);
    assert.equal(new URL(page.url()).pathname, '/login');
  });

  test('the password reset page asks for an e-mail first, and says the same for any e-mail', async () => {
    await page.goto(url('/forgetpsw'));
    assert.equal(await page.getByTestId('forgot-code').count(), 0);
    await page.getByTestId('forgot-email').fill('nobody-here@atende.local');
    await page.getByTestId('forgot-submit').click();
    await waitForText(page, 'toast', 'Email enviado com sucesso!');
    await page.getByTestId('forgot-code').waitFor({ timeout: WAIT });
  });
});
