import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mysql from 'mysql2/promise';
import type { Page } from 'playwright-core';
import { shot, signedIn, tid, useServerAndBrowser } from './harness.js';

/**
 * The data platform end to end against a real MariaDB server (TEST_MARIADB_URL, started by .ci/run): add a link through the
 * form, browse a table, run a SELECT, define a data source with a parameter and preview it. Skipped, not passed,
 * when no MariaDB server is configured.
 */
const mariadbUrl = process.env.TEST_MARIADB_URL;
const env = useServerAndBrowser();
const database = `e2e_${randomBytes(4).toString('hex')}`;

/** Closes the top-most drawer or dialog and waits until it is gone. */
async function closeTop(page: Page) {
  const close = page.locator('.ant-modal-close:visible, .ant-drawer-close:visible').last();
  await close.click();
  await close.waitFor({ state: 'hidden' });
}

describe.skipIf(!mariadbUrl)('data platform on a MariaDB link', () => {
  let admin: mysql.Connection;

  beforeAll(async () => {
    admin = await mysql.createConnection(mariadbUrl!);
    await admin.query(`create database ${database} character set utf8mb4`);
    await admin.query(
      `create table ${database}.product (sku varchar(20) primary key, name varchar(100) not null, category varchar(20) not null, price decimal(10,2) not null)`,
    );
    await admin.query(
      `insert into ${database}.product values ('K-100', '机械键盘', '外设', 399.00), ('M-200', '无线鼠标', '外设', 129.00), ('S-300', '显示器支架', '办公', 259.00), ('C-400', '人体工学椅', '办公', 1299.00)`,
    );
  });

  afterAll(async () => {
    await admin?.query(`drop database if exists ${database}`);
    await admin?.end();
  });

  it('adds a MariaDB link, browses a table, runs a SELECT, previews a data source with a parameter', async () => {
    const url = new URL(mariadbUrl!);
    const { context, page } = await signedIn(env.browser(), env.server(), 'admin');

    // The link, through the form, tested before saving.
    await page.goto('/quick-development/database-link/index');
    await page.locator(tid('link-row-local')).waitFor();
    await page.locator(tid('link-add')).click();
    await page.locator(tid('link-alias')).fill('MariaDB 商品库');
    await page
      .locator(`${tid('link-form')} .ant-select`)
      .first()
      .click();
    await page.locator('.ant-select-item-option', { hasText: 'MariaDB' }).click();
    await page.locator(tid('link-host')).fill(url.hostname);
    await page.locator(tid('link-port')).fill(url.port);
    await page.locator(tid('link-database')).fill(database);
    await page.locator(tid('link-user')).fill(decodeURIComponent(url.username));
    await page.locator(tid('link-password')).fill(decodeURIComponent(url.password));
    await page.locator(tid('link-test')).click();
    await page.locator(`${tid('link-test-result')}.ant-alert-success`).waitFor();
    await page
      .locator(`${tid('modal-ok')}:visible`)
      .last()
      .click();
    await page.locator(tid('link-form')).waitFor({ state: 'detached' });
    const linkRow = page.locator('[data-testid^="link-row-"]', { hasText: 'MariaDB 商品库' });
    await linkRow.waitFor();
    const linkId = (await linkRow.getAttribute('data-testid'))!.replace('link-row-', '');

    // Browse: the table, its columns, its rows.
    await page.locator(tid(`link-tables-${linkId}`)).click();
    await page.locator(tid('browser-table-product')).click();
    await page.locator(tid('browser-columns')).waitFor();
    await expect.poll(() => page.locator(tid('browser-columns')).innerText()).toContain('category');
    await page.getByRole('tab', { name: '数据', exact: true }).click();
    await page.locator(`${tid('browser-data')} .ant-table-row`, { hasText: '机械键盘' }).waitFor();
    await shot(page, 'data-e2e-browse');
    await closeTop(page);

    // A SELECT with a bound parameter; a DELETE is refused and changes nothing.
    await page.locator(tid(`link-sql-${linkId}`)).click();
    await page.locator(tid('sql-text')).fill('select name, price from product where price >= @min order by price');
    await page.locator(tid('sql-params')).fill('{"min": 300}');
    await page.locator(tid('sql-run')).click();
    await page.locator(tid('sql-result')).waitFor();
    await expect.poll(() => page.locator(tid('sql-result')).innerText()).toContain('人体工学椅');
    expect(await page.locator(tid('sql-result')).innerText()).not.toContain('无线鼠标');
    await expect.poll(() => page.locator(tid('sql-time')).innerText()).toMatch(/\d/);
    await shot(page, 'data-e2e-sql');
    await page.locator(tid('sql-params')).fill('');
    await page.locator(tid('sql-text')).fill('delete from product');
    await page.locator(tid('sql-run')).click();
    await page.locator(tid('sql-error')).waitFor();
    const [rows] = await admin.query(`select count(*) as n from ${database}.product`);
    expect((rows as { n: number }[])[0].n).toBe(4);
    await closeTop(page);

    // A data source on the link with a parameter, then its preview with another value.
    await page.goto('/quick-development/data-source/index');
    await page.locator(tid('source-add')).click();
    await page.locator(tid('source-code')).fill('product_by_category');
    await page.locator(tid('source-name')).fill('按分类的商品');
    await page.locator(tid('source-link')).click();
    await page.locator('.ant-select-item-option', { hasText: 'MariaDB 商品库' }).click();
    await page.locator(tid('source-sql')).fill('select sku, name, price from product where category = @category order by sku');
    await page.locator(tid('source-param-add')).click();
    await page.locator(tid('source-param-name-0')).fill('category');
    await page.locator(tid('source-param-default-0')).fill('外设');
    await page
      .locator(`${tid('modal-ok')}:visible`)
      .last()
      .click();
    await page.locator(tid('source-row-product_by_category')).waitFor();

    await page.locator(tid('source-preview-product_by_category')).click();
    await page.locator(`${tid('source-preview-grid')} .ant-table-row`, { hasText: '机械键盘' }).waitFor();
    await page.locator(tid('preview-param-category')).fill('办公');
    await page.locator(tid('preview-run')).click();
    await page.locator(`${tid('source-preview-grid')} .ant-table-row`, { hasText: '人体工学椅' }).waitFor();
    expect(await page.locator(tid('source-preview-grid')).innerText()).not.toContain('机械键盘');
    await shot(page, 'data-e2e-source-preview');
    await context.close();
  });
});
