import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildApp } from '../server/src/app.js';
import { testConfig } from '../server/src/core/config.js';

export const DEMO_PASSWORD = 'Admin@123456';
const root = path.resolve(import.meta.dirname, '..');
export const shotsDir = path.join(root, 'e2e', '.shots');

export interface E2eServer {
  baseUrl: string;
  close(): Promise<void>;
}

/** The real server (fresh in-memory PGlite with demo data) serving the built web app on a free loopback port. */
export async function startServer(): Promise<E2eServer> {
  const webDist = path.join(root, 'web', 'dist');
  const { app } = await buildApp(testConfig({ webDist, adminPassword: DEMO_PASSWORD }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return { baseUrl: `http://127.0.0.1:${address.port}`, close: () => app.close() };
}

/** Debian's Chromium, headless, with the flags this closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
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
