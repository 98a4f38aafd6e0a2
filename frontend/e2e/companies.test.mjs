import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { WAIT, adminPage, launchBrowser, signIn, url, waitForPath } from './helpers.mjs';

/*
 * Companies and plans (issue 16): the super admin creates a plan and a company in Settings, the
 * company's first admin signs in with the password made for them, and when the operator blocks
 * the company its open session is told and ends.
 */

const stamp = Date.now().toString(36);
const planName = `Plano ${stamp}`;
const company = { name: `Empresa ${stamp}`, email: `dono-${stamp}@empresa.test` };

describe('companies and plans', { timeout: 300000 }, () => {
  let browser;
  let operator;
  let owner;
  let password;

  before(async () => {
    browser = await launchBrowser();
    operator = await adminPage(browser);
  });

  after(async () => {
    await browser?.close();
  });

  test('the operator creates a plan with its limits and flags', async () => {
    await operator.goto(url('/settings?tab=plans'));
    await operator.getByTestId('plans-add').click();
    await operator.getByTestId('plan-name').fill(planName);
    await operator.getByTestId('plan-amount').fill('79.9');
    await operator.getByTestId('plan-users').fill('3');
    await operator.getByTestId('plan-connections').fill('2');
    await operator.getByTestId('plan-queues').fill('2');
    await operator.getByTestId('plan-useSchedules').check();
    await operator.getByTestId('plan-save').click();
    await operator.getByTestId('plan-modal').waitFor({ state: 'detached', timeout: WAIT });
    await operator.getByTestId('plan-row').filter({ hasText: planName }).waitFor({ timeout: WAIT });
  });

  test('the operator creates a company and reads its first password once', async () => {
    await operator.goto(url('/companies'));
    await operator.getByTestId('companies-add').click();
    await operator.getByTestId('company-name').fill(company.name);
    await operator.getByTestId('company-email').fill(company.email);
    await operator.getByTestId('company-planId').click();
    await operator.getByRole('option', { name: new RegExp(planName) }).click();
    await operator.getByTestId('company-save').click();
    const shown = operator.getByTestId('company-initial-password');
    await shown.waitFor({ timeout: WAIT });
    password = (await shown.locator('strong').textContent()).trim();
    assert.equal(password.length, 12);
    await operator.getByTestId('company-created-cancel').click();
    await operator.getByTestId('company-row').filter({ hasText: company.name }).waitFor({ timeout: WAIT });
  });

  test("the company's admin signs in; blocked by the operator, the session is told and ends", async () => {
    owner = await (await browser.newContext()).newPage();
    owner.on('pageerror', (error) => console.error('owner page error:', error));
    await owner.goto(url('/login'));
    await signIn(owner, company.email, password);
    await owner.getByTestId('drawer').waitFor({ timeout: WAIT });
    const row = operator.getByTestId('company-row').filter({ hasText: company.name });
    await row.getByTestId('company-toggle-block').click();
    await row.getByTestId('company-blocked').waitFor({ timeout: WAIT });
    await owner.getByTestId('toast').filter({ hasText: 'bloqueada' }).first().waitFor({ timeout: WAIT });
    await waitForPath(owner, '/login');
    // Signing in again is refused with the same notice.
    await signIn(owner, company.email, password);
    await owner.getByText('Esta empresa está bloqueada', { exact: false }).first().waitFor({ timeout: WAIT });
    assert.equal(new URL(owner.url()).pathname, '/login');
  });
});
