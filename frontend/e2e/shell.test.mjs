import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN_EMAIL, ADMIN_PASSWORD, WAIT, launchBrowser, signIn, url, waitForPath, waitForText } from './helpers.mjs';

const stamp = Date.now().toString(36);
const attendant = { name: `Atendente ${stamp}`, email: `e2e-${stamp}@atende.local`, password: 'Senha@123' };

// Generous: a loaded machine runs these pages slowly, and no step waits on the clock.
describe('signed-in shell', { timeout: 600000 }, () => {
  let browser;
  let admin;

  before(async () => {
    browser = await launchBrowser();
    admin = await (await browser.newContext()).newPage();
  });

  after(async () => {
    await browser?.close();
  });

  test('the admin signs in, returns to the page asked for and sees the layout', async () => {
    await admin.goto(url('/users'));
    await waitForPath(admin, '/login');
    await signIn(admin, ADMIN_EMAIL, ADMIN_PASSWORD);
    await waitForPath(admin, '/users');
    await admin.getByTestId('drawer').waitFor({ timeout: WAIT });
    await waitForText(admin, 'welcome-text', 'Olá ');
    assert.match(await admin.getByTestId('welcome-text').textContent(), /^Olá .+, seja bem-vindo à .+/);
    await admin.getByTestId('menu-users').waitFor({ timeout: WAIT });
    await admin.getByTestId('menu-settings').waitFor({ timeout: WAIT });
    await waitForText(admin, 'app-version', '4.1.0');

    await admin.goto(url('/'));
    await admin.getByTestId('dashboard').getByText('Indicadores').waitFor({ timeout: WAIT });
  });

  test('the theme and the language can be switched and are kept', async () => {
    const theme = () => admin.evaluate(() => document.documentElement.dataset.theme);
    const before = await theme();
    await admin.getByTestId('theme-toggle').click();
    const switched = await theme();
    assert.notEqual(switched, before);
    await admin.reload();
    await admin.getByTestId('layout').waitFor({ timeout: WAIT });
    assert.equal(await theme(), switched);
    await admin.getByTestId('theme-toggle').click();
    assert.equal(await theme(), before);

    const chooseLanguage = async (code) => {
      await admin.getByTestId('user-menu-button').click();
      await admin.getByTestId('menu-profile').click();
      await admin.getByTestId('profile-language').click();
      await admin.getByTestId(`language-${code}`).click();
      await admin.getByTestId('profile-save').click();
      await admin.getByTestId('profile-form').waitFor({ state: 'detached', timeout: WAIT });
    };
    await chooseLanguage('en');
    await waitForText(admin, 'welcome-text', 'Hello ');
    await waitForText(admin, 'menu-users', 'Users');
    await chooseLanguage('pt');
    await waitForText(admin, 'welcome-text', 'Olá ');
  });

  test('the admin creates a user on /users', async () => {
    await admin.getByTestId('menu-users').click();
    await waitForPath(admin, '/users');
    await admin.getByTestId('users-add').click();
    await admin.getByTestId('user-name').fill(attendant.name);
    await admin.getByTestId('user-email').fill(attendant.email);
    await admin.getByTestId('user-password').fill(attendant.password);
    await admin.getByTestId('user-tab-permissions').click();
    await admin.getByTestId('user-allowGroup').check();
    await admin.getByTestId('user-save').click();
    await waitForText(admin, 'toast', 'Usuário salvo com sucesso!');
    const row = admin.locator(`[data-testid="user-row"][data-email="${attendant.email}"]`);
    await row.waitFor({ timeout: WAIT });
    assert.match(await row.textContent(), new RegExp(attendant.name));

    await admin.getByTestId('users-search').fill(stamp);
    await admin.waitForResponse((r) => r.url().includes(`searchParam=${stamp}`), { timeout: WAIT });
    await row.waitFor({ timeout: WAIT });
    assert.equal(await admin.getByTestId('user-row').count(), 1);
    await admin.getByTestId('users-search').fill('');
  });

  test('the admin edits a user and deletes another after confirming', async () => {
    const row = (email) => admin.locator(`[data-testid="user-row"][data-email="${email}"]`);
    await row(attendant.email).getByTestId('user-edit').click();
    const name = admin.getByTestId('user-name');
    await admin.waitForFunction((el) => el.value !== '', await name.elementHandle({ timeout: WAIT }), { timeout: WAIT });
    attendant.name = `Atendente editado ${stamp}`;
    await name.fill(attendant.name);
    // One save, one toast (two saves within a toast's 3 s show two, which is what was seen).
    await admin.getByTestId('toast').first().waitFor({ state: 'detached', timeout: WAIT });
    await admin.getByTestId('user-save').click();
    await waitForText(admin, 'toast', 'Usuário salvo com sucesso!');
    assert.equal(await admin.getByTestId('toast').count(), 1);
    await row(attendant.email).getByText(attendant.name).waitFor({ timeout: WAIT });

    const temp = `e2e-temp-${stamp}@atende.local`;
    await admin.getByTestId('users-add').click();
    await admin.getByTestId('user-name').fill('Temporário');
    await admin.getByTestId('user-email').fill(temp);
    await admin.getByTestId('user-password').fill('Temp@1234');
    await admin.getByTestId('user-save').click();
    await row(temp).waitFor({ timeout: WAIT });
    await row(temp).getByTestId('user-delete').click();
    await admin.getByTestId('user-delete-dialog').getByText('Excluir Temporário?').waitFor({ timeout: WAIT });
    await admin.getByTestId('user-delete-dialog-confirm').click();
    await waitForText(admin, 'toast', 'Usuário excluído com sucesso!');
    await row(temp).waitFor({ state: 'detached', timeout: WAIT });
  });

  test('settings save as soon as they change, a required message first', async () => {
    await admin.getByTestId('menu-settings').click();
    await waitForPath(admin, '/settings');
    const saved = (key) =>
      admin.waitForResponse((r) => r.url().endsWith(`/settings/${key}`) && r.request().method() === 'PUT', { timeout: WAIT });

    const toggle = admin.getByTestId('setting-sendGreetingAccepted');
    const message = admin.getByTestId('setting-greetingAcceptedMessage');
    await toggle.waitFor({ timeout: WAIT });
    // Start from the toggle off and no message (a message may be cleared while the toggle is off).
    if (await toggle.isChecked()) {
      const off = saved('sendGreetingAccepted');
      await toggle.uncheck();
      assert.equal((await off).status(), 200);
    }
    if (await message.inputValue()) {
      const cleared = saved('greetingAcceptedMessage');
      await message.fill('');
      await message.blur();
      assert.equal((await cleared).status(), 200);
    }
    // Enabling with no stored message waits for the message; the toggle is saved after it.
    const enabled = saved('sendGreetingAccepted');
    await toggle.check();
    await admin.getByTestId('settings-group-attendance').getByText('Escreva a mensagem: a opção é salva junto com ela').waitFor({ timeout: WAIT });
    const savedMessage = saved('greetingAcceptedMessage');
    await message.fill(`Olá, sou o atendente ${stamp}`);
    await message.blur();
    assert.equal((await savedMessage).status(), 200);
    assert.equal((await enabled).status(), 200);
    await waitForText(admin, 'toast', 'Operação atualizada com sucesso');

    await admin.reload();
    await admin.getByTestId('settings-options').waitFor({ timeout: WAIT });
    assert.equal(await toggle.isChecked(), true);
    assert.equal(await message.inputValue(), `Olá, sou o atendente ${stamp}`);

    const savedToggle = saved('sendGreetingAccepted');
    await toggle.uncheck();
    assert.equal((await savedToggle).status(), 200);
  });

  test('with sign-up enabled a new company signs up and its admin signs in', async () => {
    await admin.getByTestId('menu-settings').click();
    await admin.getByTestId('setting-allowSignup').check();
    await waitForText(admin, 'toast', 'Operação atualizada com sucesso');

    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await page.goto(url('/login'));
      await page.getByTestId('link-signup').click();
      await waitForPath(page, '/signup');
      const owner = { email: `e2e-owner-${stamp}@atende.local`, password: 'Dono@1234', company: `Empresa ${stamp}` };
      await page.getByTestId('signup-name').fill('Dona da Empresa');
      await page.getByTestId('signup-companyName').fill(owner.company);
      await page.getByTestId('signup-email').fill(owner.email);
      await page.getByTestId('signup-phone').fill('5511999990000');
      await page.getByTestId('signup-password').fill(owner.password);
      await page.getByTestId('signup-plan').click();
      await page.locator('[data-testid^="signup-plan-"]').first().click();
      await page.getByTestId('signup-submit').click();
      await waitForText(page, 'toast', 'Cadastro realizado com sucesso!');
      await waitForPath(page, '/login');

      await signIn(page, owner.email, owner.password);
      await waitForPath(page, '/tickets');
      await waitForText(page, 'welcome-text', owner.company);
      assert.equal(await page.getByTestId('due-date').getAttribute('data-severity'), 'ok');
      await page.getByTestId('menu-users').waitFor({ timeout: WAIT });
    } finally {
      await context.close();
      await admin.getByTestId('setting-allowSignup').uncheck();
    }
    await waitForText(admin, 'toast', 'Operação atualizada com sucesso');
  });

  test('signing in elsewhere ends the older session of the same user', async () => {
    await admin.getByTestId('menu-users').click();
    await waitForPath(admin, '/users');
    const first = await (await browser.newContext()).newPage();
    await signIn(first, attendant.email, attendant.password);
    await waitForPath(first, '/tickets');
    await waitForText(first, 'welcome-text', attendant.name);
    // An attendant's side menu shows its labels, as an admin's does.
    assert.equal(await first.getByTestId('drawer').getAttribute('data-open'), 'true');
    await waitForText(first, 'menu-tickets', 'Atendimentos');
    // Plain users see the no-access view on admin pages.
    await first.goto(url('/users'));
    await first.getByTestId('forbidden').getByText('Oops! Acesso Negado!').waitFor({ timeout: WAIT });

    // The admin's list shows the attendant online once their socket is connected.
    const dot = admin.locator(`[data-testid="user-row"][data-email="${attendant.email}"] [data-testid="user-online"]`);
    await admin.waitForFunction(
      (el) => el?.dataset.online === 'true',
      await dot.elementHandle({ timeout: WAIT }),
      { timeout: WAIT },
    );

    const second = await (await browser.newContext()).newPage();
    await signIn(second, attendant.email, attendant.password);
    await waitForPath(second, '/tickets');

    await waitForText(first, 'toast', 'Sua conta foi acessada em outro computador.');
    // The page is sent to /login and reloads a second later: wait for the address, not for a
    // 'load' event the reload may race with, then for the form.
    await first.waitForURL((current) => new URL(current).pathname === '/login', { timeout: WAIT, waitUntil: 'commit' });
    await first.getByTestId('login-form').waitFor({ timeout: WAIT });

    // The newer session is untouched.
    await second.reload();
    await waitForText(second, 'welcome-text', attendant.name);
  });
});
