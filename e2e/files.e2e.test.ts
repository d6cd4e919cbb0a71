import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { shot, signedIn, tid, useServerAndBrowser } from './harness.js';

const env = useServerAndBrowser();

/** A real 2x2 PNG and a one-page PDF, so the browser can render both. */
const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==', 'base64');
const pdf = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
  ].join('\n'),
);

interface UploadAnswer {
  code: number;
  data: { FolderId: string; FileIds: string[]; Files: { F_Id: string; F_FileName: string; url: string }[] };
}

async function uploadThroughWidget(page: Page, name: string, mimeType: string, buffer: Buffer): Promise<{ url: string; answer: UploadAnswer }> {
  const response = page.waitForResponse((r) => r.url().includes('/api/upload') && r.request().method() === 'POST');
  await page.locator(tid('news-upload-input')).setInputFiles({ name, mimeType, buffer });
  const answered = await response;
  return { url: answered.url(), answer: (await answered.json()) as UploadAnswer };
}

describe('files: attachments through the upload widget, preview, download, file manager trash', () => {
  it('uploads two files into one folder, previews an image and a PDF, downloads the same bytes', async () => {
    const { context, page } = await signedIn(env.browser(), env.server(), 'admin');
    await page.goto('/office-automation/news/index');
    await page.locator(tid('news-add')).click();
    await page.locator(tid('news-title')).fill('带附件的新闻');
    await expect.poll(() => page.locator(tid('news-upload-tip')).innerText()).toContain('2MB');

    // The first upload creates the folder; the second goes into it.
    const first = await uploadThroughWidget(page, '现场照片.png', 'image/png', png);
    expect(first.answer.code).toBe(0);
    const folderId = first.answer.data.FolderId;
    expect(first.url).not.toContain(folderId);
    const second = await uploadThroughWidget(page, '合同.pdf', 'application/pdf', pdf);
    expect(second.answer.code).toBe(0);
    expect(second.url).toContain(`/api/upload/${folderId}`);
    expect(second.answer.data.FolderId).toBe(folderId);
    const list = page.locator(`${tid('news-upload-list')} tbody tr`);
    await expect.poll(() => list.count()).toBe(2);
    await shot(page, 'files-upload-widget');

    // Image preview: the image really loads.
    const imageId = first.answer.data.FileIds[0];
    await page.locator(tid(`attachment-preview-${imageId}`)).click();
    const image = page.locator('.ant-modal img[alt="现场照片.png"]');
    await image.waitFor();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);
    await shot(page, 'files-preview-image');
    await page.keyboard.press('Escape');
    await image.waitFor({ state: 'detached' });

    // PDF preview: the browser's viewer in a frame, served inline as a PDF.
    const pdfId = second.answer.data.FileIds[0];
    await page.locator(tid(`attachment-preview-${pdfId}`)).click();
    const frame = page.locator('.ant-modal iframe[title="合同.pdf"]');
    await frame.waitFor();
    const src = (await frame.getAttribute('src'))!;
    const head = await page.evaluate(async (url) => {
      const res = await fetch(url);
      return {
        status: res.status,
        type: res.headers.get('content-type'),
        disposition: res.headers.get('content-disposition'),
        nosniff: res.headers.get('x-content-type-options'),
      };
    }, src);
    expect(head).toMatchObject({ status: 200, type: 'application/pdf', nosniff: 'nosniff' });
    expect(head.disposition).toMatch(/^inline/);
    await shot(page, 'files-preview-pdf');
    await page.keyboard.press('Escape');
    await frame.waitFor({ state: 'detached' });

    // Download: same bytes, original (Chinese) name.
    const download = page.waitForEvent('download');
    await page.locator(tid(`attachment-download-${imageId}`)).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe('现场照片.png');
    expect(readFileSync((await saved.path())!).equals(png)).toBe(true);

    // Saving the news keeps the folder: the detail lists both attachments.
    const editor = page.locator(`${tid('news-editor')} .ProseMirror`);
    await editor.click();
    await editor.pressSequentially('附件见下');
    await page
      .locator(`${tid('modal-ok')}:visible`)
      .last()
      .click();
    const row = page.locator('[data-testid^="news-row-"]', { hasText: '带附件的新闻' });
    await row.waitFor();
    const newsId = (await row.getAttribute('data-testid'))!.replace('news-row-', '');
    await page.goto(`/office-automation/news/detail/${newsId}`);
    await expect.poll(() => page.locator(`${tid('news-detail-attachments')} tbody tr`).count()).toBe(2);
    await shot(page, 'files-news-detail');
    await context.close();
  });

  it('file manager: upload, move to the trash, restore', async () => {
    const { context, page } = await signedIn(env.browser(), env.server(), 'zhangsan');
    await page.goto('/office-automation/files/index');
    await page.locator(tid('file-manager-page')).waitFor();
    await page.locator(tid('fm-file-input')).setInputFiles({ name: '会议笔记.txt', mimeType: 'text/plain', buffer: Buffer.from('第一行\n第二行\n') });
    const item = page.locator('[data-testid^="fm-name-"]', { hasText: '会议笔记.txt' });
    await item.waitFor();
    const id = (await item.getAttribute('data-testid'))!.replace('fm-name-', '');

    await page.locator(tid(`fm-delete-${id}`)).click();
    await page.locator(tid('fm-confirm-ok')).click();
    await item.waitFor({ state: 'detached' });

    await page.locator(tid('fm-trash')).click();
    await page.locator(tid(`fm-restore-${id}`)).waitFor();
    await shot(page, 'files-manager-trash');
    await page.locator(tid(`fm-restore-${id}`)).click();
    await page.locator(tid('fm-confirm-ok')).click();
    await page.locator(tid(`fm-restore-${id}`)).waitFor({ state: 'detached' });

    await page.locator(tid('fm-back')).click();
    await page.locator(tid(`fm-name-${id}`)).waitFor();
    await shot(page, 'files-manager-restored');
    await context.close();
  });
});
