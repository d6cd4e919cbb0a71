/**
 * npm run bench -- first-screen: how much JavaScript the sign-in screen needs, and how long a cold visit takes.
 * - The /login initial JavaScript of web/dist (what index.html loads: the entry and its modulepreload links; then
 *   with the stand-alone sign-in screen's chunks (SignInApp, LoginPage) and their static imports, which the screen needs before the button shows),
 *   raw, gzip (level 9) and brotli (quality 11), against a minimal Vite + React + antd sign-in page
 *   (bench/first-screen-fixture) built in the same run into a temporary folder. Target: at most 1.2x.
 * - Cold navigation to a usable sign-in button in Chromium on "Fast 3G" (CDP Network.emulateNetworkConditions:
 *   562.5 kbit/s down, 150 ms latency, empty cache), for the app with compression, the app with compression
 *   refused (Accept-Encoding: identity, as before the server compressed), and the baseline page; then, in the
 *   same throttled browser, from the sign-in click to the rendered home page.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, launchBrowser, startServer } from '../e2e/harness.js';

const root = path.resolve(import.meta.dirname, '..');
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

interface Sizes {
  files: number;
  raw: number;
  gzip: number;
  brotli: number;
}

function sizesOf(dist: string, files: Iterable<string>): Sizes {
  const sizes: Sizes = { files: 0, raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const bytes = readFileSync(path.join(dist, file));
    sizes.files++;
    sizes.raw += bytes.length;
    sizes.gzip += gzipSync(bytes, { level: 9 }).length;
    sizes.brotli += brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return sizes;
}

/** The JS files index.html loads (entry script and modulepreload links), as paths inside dist. */
function htmlScripts(dist: string): string[] {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const urls = [...html.matchAll(/<script[^>]*\bsrc="([^"]+\.js)"/g), ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g)].map(
    (m) => m[1],
  );
  return [...new Set(urls.map((u) => u.replace(/^\.?\//, '')))];
}

/** The files and their static imports (not dynamic ones), following the built chunks' relative imports. */
function staticClosure(dist: string, start: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(path.join(dist, file), 'utf8');
    for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.js)["']/g)) queue.push(path.posix.join(path.posix.dirname(file), m[1]));
  }
  return seen;
}

async function buildBaseline(outDir: string) {
  await build({
    root: path.join(root, 'bench', 'first-screen-fixture'),
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 5000 },
  });
  // Served pre-compressed like the app's build, so the timed visits compare like with like.
  for (const file of readdirSync(path.join(outDir, 'assets'))) {
    const full = path.join(outDir, 'assets', file);
    const bytes = readFileSync(full);
    writeFileSync(`${full}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${full}.gz`, gzipSync(bytes, { level: 9 }));
  }
}

/** A new browser context with an empty cache on "Fast 3G", counting the bytes that arrive. */
async function throttledPage(browser: Browser, headers: Record<string, string> = {}) {
  const context = await browser.newContext({ extraHTTPHeaders: headers });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (562.5 * 1024) / 8,
    uploadThroughput: (562.5 * 1024) / 8,
  });
  const received = { bytes: 0 };
  cdp.on('Network.loadingFinished', (e: { encodedDataLength: number }) => (received.bytes += e.encodedDataLength));
  return { context, page, received };
}

async function usableSignInButton(page: Page) {
  await page.locator('[data-testid=login-submit]').waitFor({ state: 'visible', timeout: 120_000 });
  await page.waitForFunction(() => !(document.querySelector('[data-testid=login-submit]') as HTMLButtonElement | null)?.disabled);
}

/** Milliseconds from navigation start to an enabled, visible sign-in button, on an empty cache and Fast 3G. */
async function coldVisit(browser: Browser, url: string, headers: Record<string, string> = {}): Promise<{ ms: number; bytes: number }> {
  const { context, page, received } = await throttledPage(browser, headers);
  await page.goto(url, { waitUntil: 'commit' });
  await usableSignInButton(page);
  const ms = await page.evaluate(() => performance.now());
  await context.close();
  return { ms, bytes: received.bytes };
}

/**
 * A cold visit to /login, then signing in as the administrator as a user would (typing takes about two seconds,
 * during which the application is fetched in the background): milliseconds from the click to the rendered home
 * page, and the bytes that arrived from the click on.
 */
async function coldSignInToHome(browser: Browser, url: string): Promise<{ ms: number; bytes: number }> {
  const { context, page, received } = await throttledPage(browser);
  await page.goto(url, { waitUntil: 'commit' });
  await usableSignInButton(page);
  await page.locator('[data-testid=login-account]').pressSequentially('admin', { delay: 120 });
  await page.locator('[data-testid=login-password]').pressSequentially(DEMO_PASSWORD, { delay: 120 });
  const before = received.bytes;
  const clicked = await page.evaluate(() => performance.now());
  await page.locator('[data-testid=login-submit]').click();
  await page.locator('[data-testid=home-overview]').waitFor({ state: 'visible', timeout: 120_000 });
  const ms = (await page.evaluate(() => performance.now())) - clicked;
  await context.close();
  return { ms, bytes: received.bytes - before };
}

export async function firstScreenBench(): Promise<string[]> {
  const lines: string[] = [];
  const report = (line: string) => {
    lines.push(line);
    console.log(line);
  };
  const appDist = path.join(root, 'web', 'dist');
  const entry = htmlScripts(appDist);
  // A cold /login loads the sign-in screen on its own (SignInApp, which holds or imports the LoginPage chunk).
  const loginChunks = readdirSync(path.join(appDist, 'assets'))
    .filter((f) => /^(?:SignInApp|LoginPage)-.*\.js$/.test(f))
    .map((f) => `assets/${f}`);
  const appHtml = sizesOf(appDist, entry);
  const appLogin = sizesOf(appDist, staticClosure(appDist, [...entry, ...loginChunks]));

  const baseDir = mkdtempSync(path.join(tmpdir(), 'bench-first-screen-'));
  try {
    await buildBaseline(baseDir);
    const base = sizesOf(baseDir, staticClosure(baseDir, htmlScripts(baseDir)));
    const line = (name: string, s: Sizes) => `${name}: ${kb(s.brotli)} brotli, ${kb(s.gzip)} gzip, ${kb(s.raw)} raw in ${s.files} files`;
    report(line('/login JavaScript loaded by index.html (entry + modulepreload)', appHtml));
    report(line('/login JavaScript with the sign-in page chunk and its imports', appLogin));
    report(line('baseline: minimal Vite + React + antd sign-in page', base));
    report(
      `ratio to the baseline: ${(appLogin.brotli / base.brotli).toFixed(2)}x brotli, ${(appLogin.gzip / base.gzip).toFixed(2)}x gzip ` +
        `(index.html set alone: ${(appHtml.brotli / base.brotli).toFixed(2)}x brotli; target <= 1.2x)`,
    );

    const server = await startServer();
    const baseline = Fastify();
    await baseline.register(fastifyStatic, { root: baseDir, preCompressed: true });
    const baseUrl = await baseline.listen({ port: 0, host: '127.0.0.1' });
    const browser = await launchBrowser();
    try {
      // Median of three cold visits each; the machine is shared, the throttled network dominates anyway.
      const median = async (visit: () => Promise<{ ms: number; bytes: number }>) => {
        const runs = [await visit(), await visit(), await visit()].sort((a, b) => a.ms - b.ms);
        return runs[1];
      };
      const compressed = await median(() => coldVisit(browser, `${server.baseUrl}/login`));
      const identity = await median(() => coldVisit(browser, `${server.baseUrl}/login`, { 'accept-encoding': 'identity' }));
      const baselineVisit = await median(() => coldVisit(browser, `${baseUrl}/`));
      const home = await median(() => coldSignInToHome(browser, `${server.baseUrl}/login`));
      const visit = (name: string, v: { ms: number; bytes: number }) => `${name}: ${(v.ms / 1000).toFixed(2)} s, ${kb(v.bytes)} on the wire`;
      report(visit('cold /login to a usable sign-in button, Fast 3G (562.5 kbit/s, 150 ms), compressed', compressed));
      report(visit('  the same without compression (Accept-Encoding: identity)', identity));
      report(visit('  baseline sign-in page, compressed', baselineVisit));
      report(visit('then sign-in click to the rendered home page, Fast 3G, compressed', home));
    } finally {
      await browser.close();
      await baseline.close();
      await server.close();
    }
  } finally {
    rmSync(baseDir, { recursive: true, force: true });
  }
  return lines;
}
