import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { shot, signedIn, tid, useServerAndBrowser } from './harness.js';

const env = useServerAndBrowser();
const open = (account: string, password?: string) => signedIn(env.browser(), env.server(), account, password);

const badge = (page: Page) =>
  page
    .locator(tid('notice-badge'))
    .first()
    .textContent()
    .then((t) => Number((t ?? '').trim() || 0));

describe('office automation: publishing reaches other users at once', () => {
  it('admin publishes news and a notice; staff sees the badge rise without reloading, opens one, sets all read', async () => {
    const staff = await open('zhangsan');
    await staff.page.locator(tid('notice-bell')).waitFor();
    const startBadge = await badge(staff.page);
    const admin = await open('admin');

    // News with the rich-text editor, published.
    await admin.page.goto('/office-automation/news/index');
    await admin.page.locator(tid('news-add')).click();
    await admin.page.locator(tid('news-title')).fill('端到端新闻');
    const editor = admin.page.locator(`${tid('news-editor')} .ProseMirror`);
    await editor.click();
    await editor.pressSequentially('正文内容');
    await admin.page
      .locator(`${tid('modal-ok')}:visible`)
      .last()
      .click();
    const newsRow = admin.page.locator('[data-testid^="news-row-"]', { hasText: '端到端新闻' });
    await newsRow.waitFor();
    const newsId = (await newsRow.getAttribute('data-testid'))!.replace('news-row-', '');
    await admin.page.locator(tid(`news-publish-${newsId}`)).click();

    // The staff badge rises without a reload.
    await expect.poll(() => badge(staff.page), { timeout: 10_000 }).toBe(startBadge + 1);

    // A notice, published.
    await admin.page.goto('/office-automation/notice/index');
    await admin.page.locator(tid('notice-add')).click();
    await admin.page.locator(tid('notice-title')).fill('端到端通知');
    await admin.page.locator(tid('notice-content')).fill('请各部门知悉');
    await admin.page
      .locator(`${tid('modal-ok')}:visible`)
      .last()
      .click();
    const noticeRow = admin.page.locator('tr', { hasText: '端到端通知' });
    await noticeRow.waitFor();
    await noticeRow.locator('[data-testid^="notice-publish-"]').click();
    await expect.poll(() => badge(staff.page), { timeout: 10_000 }).toBe(startBadge + 2);

    // Staff opens the news message: it is marked read and the badge drops.
    await staff.page.locator(tid('notice-bell')).click();
    await staff.page.locator(tid('notice-popover')).waitFor();
    await staff.page.locator(tid('notice-tab-news')).click();
    await shot(staff.page, 'oa-bell');
    await staff.page.locator('[data-testid^="notice-row-"][data-read="false"]', { hasText: '端到端新闻' }).first().click();
    await staff.page.locator(tid('news-detail')).waitFor();
    await expect.poll(() => staff.page.locator(tid('news-detail')).innerText()).toContain('正文内容');
    await shot(staff.page, 'oa-news-detail');
    await expect.poll(() => badge(staff.page)).toBe(startBadge + 1);

    // Set all read on the notice tab; a second time says there is nothing left.
    await staff.page.locator(tid('notice-bell')).click();
    await staff.page.locator(tid('notice-tab-notice')).click();
    await staff.page.locator(tid('notice-read-all')).click();
    await expect.poll(() => badge(staff.page)).toBe(startBadge);
    await staff.page.locator(tid('notice-read-all')).click();
    await expect
      .poll(() =>
        staff.page
          .locator('.ant-message')
          .innerText()
          .catch(() => ''),
      )
      .toContain('没有更多消息需要设置已读了');
    await staff.context.close();
    await admin.context.close();
  });

  it('admin translates a dictionary item into English and sees it after switching language', async () => {
    const { context, page } = await open('admin');
    await page.goto('/system/dictionary/index');
    await page.locator(tid('dictionary-type-node-CompanyNature')).click();
    const item = page.locator('[data-testid^="dictionary-item-row-"]', { hasText: '集团' }).first();
    await item.waitFor();
    await item.locator('[data-testid^="dictionary-item-translate-"]').click();
    await page.locator(tid('language-input-en')).fill('Group company');
    await page
      .locator(`${tid('modal-ok')}:visible`)
      .last()
      .click();
    await page.locator(tid('lang-switch')).click();
    await expect
      .poll(() =>
        page
          .locator('[data-testid^="dictionary-item-row-"]')
          .allInnerTexts()
          .then((t) => t.join(' ')),
      )
      .toContain('Group company');
    await shot(page, 'oa-dictionary-en');
    await context.close();
  });
});
