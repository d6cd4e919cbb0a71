import { existsSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { AppError } from '../../core/errors.js';

/** How long the print view may take to mark itself ready or failed. */
export const PRINT_READY_TIMEOUT_MS = 20_000;
/** Pages rendered at once; more wait their turn (each page is a renderer process of its own). */
export const MAX_PAGES = 2;

/** What the page's localStorage gets before the web app starts: the web's session and language keys (web/src/lib/storage.ts). */
export interface PageStorage {
  [key: string]: string;
}

/**
 * Headless Chromium for PDF output (docs/form-publishing-design.md "Printing"): one browser, launched at the first
 * PDF and shared, at most MAX_PAGES pages at once, closed with the server. Each PDF gets a fresh browser context
 * (its own storage), so no caller's session reaches another's page.
 */
export class PdfRenderer {
  private browser: Promise<Browser> | null = null;
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly executablePath: string) {}

  private launch(): Promise<Browser> {
    if (!existsSync(this.executablePath)) throw new AppError('formPrint.chromiumMissing', { path: this.executablePath }, 503);
    this.browser ??= import('playwright-core')
      .then(({ chromium }) => chromium.launch({ executablePath: this.executablePath, headless: true, args: ['--no-sandbox', '--disable-dev-shm-usage'] }))
      .then((browser) => {
        // A crashed browser is launched again by the next PDF.
        browser.on('disconnected', () => (this.browser = null));
        return browser;
      })
      .catch((error: unknown) => {
        this.browser = null;
        throw new AppError('formPrint.chromiumFailed', { detail: error instanceof Error ? error.message.split('\n')[0] : String(error) }, 503);
      });
    return this.browser;
  }

  private async slot<T>(run: () => Promise<T>): Promise<T> {
    if (this.active >= MAX_PAGES) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active += 1;
    try {
      return await run();
    } finally {
      this.active -= 1;
      this.waiting.shift()?.();
    }
  }

  /**
   * Opens `url` with `storage` in localStorage before any script of the page runs, waits for
   * body[data-print-ready] or body[data-print-error], and prints it with the page's own @page size. The view's
   * error answers its message (400).
   */
  async pdf(url: string, storage: PageStorage, timeoutMs = PRINT_READY_TIMEOUT_MS): Promise<Buffer> {
    const browser = await this.launch();
    return this.slot(async () => {
      const context = await this.guardedContext(browser, new URL(url).origin);
      try {
        await context.addInitScript((entries: [string, string][]) => {
          // Runs in the page (the server's lib has no DOM types).
          const storage = (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage;
          for (const [key, value] of entries) storage.setItem(key, value);
        }, Object.entries(storage));
        const page = await context.newPage();
        await page.goto(url, { waitUntil: 'domcontentloaded', timeout: timeoutMs }).catch((error: unknown) => {
          throw new AppError('formPrint.openFailed', { detail: error instanceof Error ? error.message.split('\n')[0] : String(error) }, 502);
        });
        const viewPath = new URL(url).pathname;
        try {
          // Ready, failed, or gone elsewhere (a session the server refused sends the web app to /login).
          await page.waitForFunction(
            (path: string) => {
              const doc = (globalThis as unknown as { document: { body: { dataset: Record<string, string | undefined> }; location: { pathname: string } } })
                .document;
              return doc.body.dataset.printReady !== undefined || doc.body.dataset.printError !== undefined || doc.location.pathname !== path;
            },
            viewPath,
            { timeout: timeoutMs },
          );
        } catch {
          throw new AppError('formPrint.timeout', { seconds: Math.round(timeoutMs / 1000) }, 504);
        }
        if (new URL(page.url()).pathname !== viewPath) throw new AppError('formPrint.viewLeft', {}, 400);
        const error = await page.getAttribute('body', 'data-print-error');
        if (error) throw new AppError('formPrint.viewError', { detail: error }, 400);
        return await page.pdf({ preferCSSPageSize: true, printBackground: true });
      } finally {
        await context.close().catch(() => undefined);
      }
    });
  }

  /**
   * A fresh context whose pages may load this server's own assets and nothing else (the page shows user content:
   * rich text, report images), so the server's browser can never be pointed at loopback, link-local or metadata
   * addresses. Chromium follows a sub-resource's redirect without asking the route, so own requests are fetched here
   * without following and a redirect elsewhere is refused; data: URLs never reach the network.
   */
  private async guardedContext(browser: Browser, ownOrigin: string): Promise<BrowserContext> {
    // Service workers would fetch out of sight of the route below.
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const isOwn = (address: string) => URL.canParse(address, ownOrigin) && new URL(address, ownOrigin).origin === ownOrigin;
    await context.route('**/*', async (route) => {
      if (!isOwn(route.request().url())) return route.abort('blockedbyclient');
      const response = await route.fetch({ maxRedirects: 0 }).catch(() => null);
      const location = response?.headers().location;
      if (!response || (location !== undefined && !isOwn(location))) return route.abort('blockedbyclient');
      return route.fulfill({ response });
    });
    return context;
  }

  /** A document the server made (a report's pages): printed with its own @page size; it may load `origin`'s assets. */
  async pdfOfHtml(html: string, origin: string, timeoutMs = PRINT_READY_TIMEOUT_MS): Promise<Buffer> {
    return this.withHtml(html, origin, timeoutMs, (page) => page.pdf({ preferCSSPageSize: true, printBackground: true }));
  }

  /** A document the server made, as a PNG of width × height pixels (charts in an .xlsx). */
  async pngOfHtml(html: string, origin: string, width: number, height: number, timeoutMs = PRINT_READY_TIMEOUT_MS): Promise<Buffer> {
    return this.withHtml(html, origin, timeoutMs, async (page) => {
      await page.setViewportSize({ width: Math.max(1, Math.round(width)), height: Math.max(1, Math.round(height)) });
      return page.screenshot({ type: 'png', omitBackground: false });
    });
  }

  private async withHtml(html: string, origin: string, timeoutMs: number, use: (page: Page) => Promise<Buffer>): Promise<Buffer> {
    const browser = await this.launch();
    return this.slot(async () => {
      const context = await this.guardedContext(browser, origin);
      try {
        const page = await context.newPage();
        await page.setContent(html, { waitUntil: 'load', timeout: timeoutMs }).catch((error: unknown) => {
          throw new AppError('formPrint.openFailed', { detail: error instanceof Error ? error.message.split('\n')[0] : String(error) }, 502);
        });
        return await use(page);
      } finally {
        await context.close().catch(() => undefined);
      }
    });
  }

  async close(): Promise<void> {
    const browser = this.browser;
    this.browser = null;
    if (browser) await (await browser.catch(() => null))?.close().catch(() => undefined);
  }
}
