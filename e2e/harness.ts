import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { buildApp } from '../server/src/app.js';
import { testConfig } from '../server/src/core/config.js';
import { chromiumPath } from './chromium-path.mjs';

export const DEMO_PASSWORD = 'Admin@123456';
const root = path.resolve(import.meta.dirname, '..');
export const shotsDir = path.join(root, 'e2e', '.shots');

export interface E2eServer {
  baseUrl: string;
  close(): Promise<void>;
}

/** The real server (fresh in-memory PGlite with demo data) serving the built web app on a free loopback port. */
export async function startServer(): Promise<E2eServer> {
  // E2E_WEB_DIST lets parallel work build the web app into its own folder.
  const webDist = process.env.E2E_WEB_DIST ?? path.join(root, 'web', 'dist');
  const { app } = await buildApp(testConfig({ webDist, adminPassword: DEMO_PASSWORD }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return { baseUrl: `http://127.0.0.1:${address.port}`, close: () => app.close() };
}

/** Debian's Chromium, headless, with the flags this closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath() ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export async function shot(page: Page, name: string): Promise<string> {
  mkdirSync(shotsDir, { recursive: true });
  const file = path.join(shotsDir, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

/** The access token the web app holds (localStorage 'app.session'). */
export async function sessionToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('app.session') ?? 'null') as { token?: string } | null)?.token ?? '');
  if (!token) throw new Error('the page holds no session token');
  return token;
}

export const tid = (id: string) => `[data-testid="${id}"]`;

/**
 * Clicks the OK button (by test id) of the confirmation that carries it and waits for that confirmation to go. Our
 * confirmations close only once their call has answered and the lists have been read again (a refused call keeps the
 * dialog open with its message), so after this the screen shows the outcome; on a loaded machine that can take a while.
 */
export async function confirmOk(page: Page, okTestId: string): Promise<void> {
  const dialog = page.locator('.ant-modal-confirm', { has: page.locator(tid(okTestId)) });
  await dialog.locator(tid(okTestId)).click();
  await dialog.waitFor({ state: 'detached', timeout: 30_000 });
}

export interface Envelope<T> {
  code: number;
  data: T;
  msg: string;
}

/** An API call as the signed-in page's user (its bearer token), answering the envelope whatever its code. */
export async function apiCall<T>(page: Page, method: string, url: string, body?: unknown): Promise<Envelope<T>> {
  const token = await sessionToken(page);
  const res = await page.request.fetch(url, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as Envelope<T>;
}

/** The data of a successful API call as the page's user; any other code throws with the call and its msg. */
export async function api<T>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
  const json = await apiCall<T>(page, method, url, body);
  if (json.code !== 0 && json.code !== 200) throw new Error(`${method} ${url}: ${json.msg}`);
  return json.data;
}

/**
 * Registers a server and a browser for the calling test file (started before its tests, closed after them)
 * and answers accessors to both.
 */
export function useServerAndBrowser(): { server: () => E2eServer; browser: () => Browser } {
  let server: E2eServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return { server: () => server!, browser: () => browser! };
}

/** A new browser context signed in as `account`, on the home page. */
export async function signedIn(
  browser: Browser,
  server: E2eServer,
  account: string,
  password = DEMO_PASSWORD,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: server.baseUrl });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto('/login');
  await page.locator(tid('login-account')).fill(account);
  await page.locator(tid('login-password')).fill(password);
  await page.locator(tid('login-submit')).click();
  await page.waitForURL('**/wel/index');
  return { context, page };
}
