import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO_PASSWORD, launchBrowser, sessionToken, shot, startServer, type E2eServer } from './harness.js';

let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const tid = (id: string) => `[data-testid="${id}"]`;

async function newPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 800 }, baseURL: server.baseUrl });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

async function signIn(page: Page, account: string, password = DEMO_PASSWORD) {
  await page.locator(`${tid('login-account')}`).fill(account);
  await page.locator(`${tid('login-password')}`).fill(password);
  await page.locator(tid('login-submit')).click();
}

/** Leaf labels of the side menu, after opening every group. */
async function sideMenuEntries(page: Page): Promise<string[]> {
  const menu = page.locator(tid('side-menu'));
  await menu.waitFor();
  const ids = await menu.locator('[data-testid^="menu-item-"]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-testid')!));
  return ids.map((id) => id.replace('menu-item-', ''));
}

describe('the shell, signed in as admin', () => {
  it('signs in, opens tabs, closes others, searches, switches themes and language, locks, signs out', async () => {
    const { context, page } = await newPage();
    await page.goto('/login');
    await page.locator(tid('login-page')).waitFor();
    await shot(page, 'login');
    await signIn(page, 'admin');
    await page.waitForURL('**/wel/index');
    await page.locator(tid('home-overview')).waitFor();
    await expect.poll(() => page.locator(tid('home-greeting')).innerText()).toContain('系统管理员');
    await shot(page, 'home-default');

    // The administrator's menu: personal centre and system management with their leaves.
    expect(await sideMenuEntries(page)).toEqual(expect.arrayContaining(['personal', 'system']));

    // Two menu tabs.
    await page.locator(tid('menu-item-personal')).click();
    await page.locator(tid('menu-item-personal-info')).click();
    await page.waitForURL('**/info/index');
    await page.locator(tid('info-page')).waitFor();
    await page.locator(tid('menu-item-system')).click();
    await page.locator(tid('menu-item-system-online-user')).click();
    await page.waitForURL('**/system/online-user/index');
    await page.locator('[data-testid^="current-session-"]').first().waitFor();
    const tabs = page.locator(`${tid('tag-bar')} [data-testid^="tab-"]`);
    await expect.poll(() => tabs.count()).toBe(3);

    // Right-click the personal-info tab: close others keeps home and that tab.
    await page.locator(tid('tab-/info/index')).click({ button: 'right' });
    await page.locator(tid('tab-close-others')).click();
    await expect.poll(() => tabs.evaluateAll((n) => n.map((x) => x.getAttribute('data-testid')))).toEqual(['tab-/wel/index', 'tab-/info/index']);
    await page.waitForURL('**/info/index');

    // Menu search: case-insensitive prefix on leaf labels, selecting navigates.
    await page
      .locator(tid('menu-search'))
      .locator('input')
      .or(page.locator(`input${tid('menu-search')}`))
      .first()
      .fill('在线');
    await page.locator(tid('menu-search-item-system-online-user')).click();
    await page.waitForURL('**/system/online-user/index');
    await page.locator(tid('menu-search-open')).click();
    await page.locator(tid('menu-search-overlay-input')).fill('前端');
    await expect.poll(() => page.locator('[data-testid^="menu-search-overlay-item-"]').count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator(tid('menu-search-overlay')).isVisible()).toBe(false);

    // The five themes: side menu for default and lightTheme, top menu for the other three.
    for (const [theme, menu] of [
      ['darkTheme', 'top-menu'],
      ['simpleTheme', 'top-menu'],
      ['eveningTheme', 'top-menu'],
      ['lightTheme', 'side-menu'],
      ['default', 'side-menu'],
    ] as const) {
      await page.locator(tid('theme-button')).click();
      await page.locator(tid(`theme-option-${theme}`)).click();
      await page.locator(tid('theme-confirm')).click();
      await page.locator(tid('theme-loading')).waitFor();
      await page.waitForEvent('load');
      await page.locator(tid(menu)).waitFor();
      expect(await page.evaluate(() => Object.entries(localStorage).find(([k]) => k.toLowerCase().includes('theme'))?.[1] ?? '')).toContain(theme);
      if (theme === 'darkTheme') {
        await page.goto('/wel/index');
        await page.locator(tid('home-overview')).waitFor();
        await shot(page, 'home-darkTheme');
      }
    }

    // English and back.
    await page.goto('/wel/index');
    await page.locator(tid('lang-switch')).click();
    await expect.poll(() => page.locator(tid('side-menu')).innerText()).toContain('Personal');
    await shot(page, 'home-en');
    await page.locator(tid('lang-switch')).click();
    await expect.poll(() => page.locator(tid('side-menu')).innerText()).toContain('个人中心');

    // Lock: a password is required, then every navigation goes to /lock until unlocked.
    await page.locator(tid('lock-button')).click();
    await page.locator(tid('lock-confirm')).click();
    await expect.poll(() => page.locator('text=锁屏密码不能为空').count()).toBeGreaterThan(0);
    await page.locator(tid('lock-password')).fill('1234');
    await page.locator(tid('lock-confirm')).click();
    await page.waitForURL('**/lock');
    await page.locator(tid('lock-page')).waitFor();
    await shot(page, 'lock');
    await page.goto('/info/index');
    await page.waitForURL('**/lock');
    await page.locator(tid('unlock-password')).fill('wrong');
    await page.locator(tid('unlock-submit')).click();
    await page.locator(tid('unlock-error')).waitFor();
    await page.locator(tid('unlock-password')).fill('1234');
    await page.locator(tid('unlock-submit')).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/lock'));
    await page.locator(tid('user-menu')).waitFor();

    // Sign out: confirm, back to /login, and the old token is refused by the server.
    const bearer = await sessionToken(page);
    const before = await fetch(`${server.baseUrl}/api/user/getUserInfo`, { headers: { authorization: `Bearer ${bearer}` } });
    expect((await before.json()).code).toBe(0);
    await page.locator(tid('user-menu')).click();
    await page.locator(tid('logout')).click();
    await page.locator(tid('logout-confirm')).click();
    await page.waitForURL('**/login');
    const res = await fetch(`${server.baseUrl}/api/user/getUserInfo`, { headers: { authorization: `Bearer ${bearer}` } });
    expect((await res.json()).code).toBe(10401);
    await context.close();
  });
});

describe('roles and the guard', () => {
  it('a staff user sees a smaller menu, and no system management', async () => {
    const { context, page } = await newPage();
    await page.goto('/login');
    await signIn(page, 'zhangsan');
    await page.waitForURL('**/wel/index');
    const entries = await sideMenuEntries(page);
    expect(entries).toContain('personal');
    expect(entries).not.toContain('system');
    await page.goto('/system/client-log/index');
    await page.waitForURL('**/403');
    await context.close();
  });

  it('a manager sees online users without the force-logout button', async () => {
    const { context, page } = await newPage();
    await page.goto('/login');
    await signIn(page, 'lisi');
    await page.waitForURL('**/wel/index');
    await page.goto('/system/online-user/index');
    await page.locator('[data-testid^="current-session-"]').first().waitFor();
    expect(await page.locator('[data-testid^="force-logout-"]').count()).toBe(0);
    await context.close();
  });

  it('a protected URL visited signed out returns there after sign-in', async () => {
    const { context, page } = await newPage();
    await page.goto('/info/setting');
    await page.waitForURL('**/login**');
    await signIn(page, 'wangwu');
    await page.waitForURL('**/info/setting');
    await page.locator(tid('setting-page')).waitFor();
    await context.close();
  });

  it('a wrong password shows the server message; unknown paths show 404', async () => {
    const { context, page } = await newPage();
    await page.goto('/login');
    await signIn(page, 'wangwu', 'not-the-password');
    await expect.poll(() => page.locator('text=账号或密码错误').count()).toBeGreaterThan(0);
    await page.goto('/no/such/page');
    await page.waitForURL('**/404');
    await page.locator(tid('error-page-404')).waitFor();
    await context.close();
  });
});
