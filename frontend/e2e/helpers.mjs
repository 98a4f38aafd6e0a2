import { chromium } from 'playwright-core';

export const BASE_URL = (process.env.BASE_URL || 'http://localhost:8080').replace(/\/$/, '');
export const ADMIN_EMAIL = process.env.ADMIN_EMAIL || 'admin@atende.local';
export const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD || 'Admin@123';
/** A step's wait: 30 s by default (15 s was missed by a page reload on a machine under load); E2E_WAIT ms overrides. */
export const WAIT = Number(process.env.E2E_WAIT) || 30000;
/** For what crosses the worker and the socket (a customer's message reaching the inbox). */
export const LONG_WAIT = 30000;

/** Polls check until it returns something truthy, which it returns; fails after timeout. */
export async function eventually(check, { timeout = LONG_WAIT, every = 500 } = {}) {
  const until = Date.now() + timeout;
  let last;
  while (Date.now() < until) {
    last = await check();
    if (last) return last;
    await new Promise((resolve) => setTimeout(resolve, every));
  }
  throw new Error(`condition not met in ${timeout} ms (last: ${JSON.stringify(last)})`);
}

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Debian's Chromium; no browser is ever downloaded. Every page of it reports what the
 * server's Content-Security-Policy refused.
 */
export async function launchBrowser() {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    context.on('page', (page) => page.on('console', (msg) => {
      if (/Content Security Policy/i.test(msg.text())) console.error('CSP violation:', msg.text());
    }));
    return context;
  };
  return browser;
}

export const url = (path) => `${BASE_URL}${path}`;

export function waitForPath(page, path) {
  return page.waitForURL((current) => new URL(current).pathname === path, { timeout: WAIT });
}

/**
 * A new page of browser signed in as the seeded admin, once the app shell (the drawer) is up
 * on landing (a sign-in from /login lands on the inbox); contextOptions go to the browser
 * context (a viewport, say).
 */
export async function adminPage(browser, { landing = '/tickets', contextOptions = {} } = {}) {
  const page = await (await browser.newContext(contextOptions)).newPage();
  page.on('pageerror', (error) => console.error('page error:', error));
  await page.goto(url('/login'));
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await waitForPath(page, landing);
  await page.getByTestId('drawer').waitFor({ timeout: WAIT });
  return page;
}

/** Fills the login form and submits it. */
export async function signIn(page, email, password) {
  if (new URL(page.url() === 'about:blank' ? url('/') : page.url()).pathname !== '/login') await page.goto(url('/login'));
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** Waits until the element with testId shows text (substring match). */
export function waitForText(page, testId, text) {
  return page.getByTestId(testId).filter({ hasText: text }).first().waitFor({ timeout: WAIT });
}

/** One JSON call to the API (token: a bearer token); throws on a status outside 2xx. */
export async function call(method, path, { token, body } = {}) {
  const headers = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${BASE_URL}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  let data = text;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    // plain text answer
  }
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`);
  return data;
}
