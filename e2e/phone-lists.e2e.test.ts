import { describe, expect, it } from 'vitest';
import { shot, signedIn, useServerAndBrowser } from './harness.js';

/**
 * Administration lists at phone width (375 × 812): the primary column of the first row must be on the screen and
 * wide enough to read (a list as cards, a tree as a drawer), not a sliver beside a tree or only the actions.
 * Screenshots e2e/.shots/phone-*.png.
 */

const env = useServerAndBrowser();

const SCREENS: { name: string; path: string; first: string }[] = [
  { name: 'user', path: '/organisation/user/index', first: '.list-phone-card' },
  { name: 'role', path: '/organisation/role/index', first: '.list-phone-card' },
  { name: 'post', path: '/organisation/post/index', first: '.list-phone-card' },
  { name: 'department', path: '/organisation/department/index', first: '.ant-table-row td:first-child' },
  { name: 'dictionary', path: '/system/dictionary/index', first: '.ant-table-row td:first-child' },
  { name: 'scheme', path: '/workflow/scheme/index', first: '.list-phone-card, .ant-empty' },
];

describe('admin lists at phone width', { timeout: 180_000 }, () => {
  it('show the primary column of each row readable on the screen', async () => {
    const { context, page } = await signedIn(env.browser(), env.server(), 'admin');
    try {
      await page.setViewportSize({ width: 375, height: 812 });
      const problems: string[] = [];
      for (const s of SCREENS) {
        await page.goto(s.path);
        const first = page.locator(s.first).first();
        await first.waitFor().catch(async (e: unknown) => {
          await shot(page, `phone-${s.name}-failed`);
          throw e;
        });
        await page.waitForTimeout(300);
        await shot(page, `phone-${s.name}`);
        const box = await first.boundingBox();
        // On the screen, and its text on one line (a squeezed column breaks a name into a character per line).
        const lineHeight = await first.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || 22);
        const text = s.first.includes('td')
          ? await first.evaluate((el) => {
              const r = document.createRange();
              r.selectNodeContents(el);
              return r.getBoundingClientRect().height;
            })
          : 0;
        if (!box || box.x < 0 || box.x + Math.min(box.width, 120) > 375 || box.width < 48 || text > lineHeight * 1.6)
          problems.push(`${s.name}: ${JSON.stringify(box)} text ${text}`);
      }
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
