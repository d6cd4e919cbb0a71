import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sessionToken, shot, signedIn, tid, useServerAndBrowser } from './harness.js';

const env = useServerAndBrowser();
const open = (account: string, password?: string) => signedIn(env.browser(), env.server(), account, password);

async function submitModal(page: Page) {
  await page
    .locator(`${tid('modal-ok')}:visible`)
    .last()
    .click();
  await expect
    .poll(() =>
      page
        .locator('.ant-message')
        .innerText()
        .catch(() => ''),
    )
    .toMatch(/新增成功|更新成功|成功/);
}

describe('organisation: an administrator sets up a role and a user, who then sees exactly what was granted', () => {
  it('creates company, department, post, role, grant and user through the screens', async () => {
    const { context, page } = await open('admin');

    // Company.
    await page.goto('/organisation/company/index');
    await page.locator(tid('company-tree')).waitFor();
    await page.locator(tid('company-add')).click();
    await page.locator(tid('company-name')).fill('端到端测试公司');
    await page.locator(tid('company-code')).fill('E2E');
    await submitModal(page);
    await expect.poll(() => page.locator(tid('company-tree')).innerText()).toContain('端到端测试公司');
    await shot(page, 'org-company');

    // Department under that company.
    await page.goto('/organisation/department/index');
    await page.locator(tid('org-tree')).getByText('端到端测试公司').first().click();
    await page.locator(tid('department-add')).click();
    await page.locator(tid('department-name')).fill('测试部');
    await page.locator(tid('department-code')).fill('E2E-D');
    await submitModal(page);
    await expect.poll(() => page.locator('body').innerText()).toContain('测试部');
    await shot(page, 'org-department');

    // Post.
    await page.goto('/organisation/post/index');
    await page.locator(tid('post-add')).click();
    await page.locator(tid('post-name')).fill('测试岗位');
    await page.locator(tid('post-code')).fill('E2E-P');
    await submitModal(page);
    await expect.poll(() => page.locator('body').innerText()).toContain('测试岗位');

    // Role, granted the post list screen and its list button only.
    await page.goto('/organisation/role/index');
    await page.locator(tid('role-add')).click();
    await page.locator(tid('role-name')).fill('岗位查看员');
    await page.locator(tid('role-code')).fill('post-viewer');
    await submitModal(page);
    const roleRow = page.locator('tr', { hasText: '岗位查看员' });
    await roleRow.waitFor();
    const authorize = roleRow.locator('[data-testid^="role-authorize-"]');
    const roleId = (await authorize.getAttribute('data-testid'))!.replace('role-authorize-', '');
    await authorize.click();
    await page.locator(tid('authorize-module-organisation-post')).check();
    await page.locator(tid('authorize-button-organisation-post:list')).check();
    await shot(page, 'org-role-authorize');
    await submitModal(page);

    // User with that role, chosen through the role picker.
    await page.goto('/organisation/user/index');
    await page.locator(tid('user-add')).click();
    await page.locator(tid('user-account')).fill('postviewer');
    await page.locator(tid('user-password')).fill('Viewer@2026');
    await page.locator(tid('user-name')).fill('岗位查看用户');
    await page.locator(tid('user-roles')).click();
    await page.locator(tid('role-picker')).waitFor();
    await page.locator(tid(`role-picker-row-${roleId}`)).click();
    await page.locator(tid('role-picker-ok')).click();
    // And the post, through the post picker (company tree, then its posts).
    await page.locator(tid('user-posts')).click();
    const postPicker = page.locator(tid('post-picker'));
    await postPicker.locator('[data-testid^="post-picker-row-"]', { hasText: '测试岗位' }).click();
    await expect.poll(() => page.locator(tid('post-picker-selected')).innerText()).toContain('测试岗位');
    await page.locator(tid('post-picker-ok')).click();
    await expect.poll(() => page.locator(tid('user-posts')).innerText()).toContain('测试岗位');
    await submitModal(page);
    await expect.poll(() => page.locator('body').innerText()).toContain('postviewer');
    await shot(page, 'org-users');

    // The user picker: the role's members, exact search, select all / none.
    await page.goto('/organisation/role/index');
    await page.locator(tid(`role-users-${roleId}`)).click();
    const picker = page.locator(tid('user-picker'));
    await picker.waitFor();
    await picker.locator(`${tid('user-picker-search')} input`).fill('张三');
    await picker.locator(`${tid('user-picker-search')} input`).press('Enter');
    await expect.poll(() => picker.locator('[data-testid^="user-picker-row-"]').count()).toBe(1);
    await shot(page, 'org-user-picker');
    await picker.locator(`${tid('user-picker-search')} input`).fill('张');
    await picker.locator(`${tid('user-picker-search')} input`).press('Enter');
    await expect.poll(() => picker.locator('[data-testid^="user-picker-row-"]').count()).toBe(0);
    await page.keyboard.press('Escape');
    await context.close();
  });

  it('the new user sees exactly the granted entry and button; the ungranted action answers 403', async () => {
    const { context, page } = await open('postviewer', 'Viewer@2026');
    await page.locator(tid('menu-item-organisation')).click();
    await page.locator(tid('menu-item-organisation-post')).waitFor();
    const entries = await page
      .locator(`${tid('side-menu')} [data-testid^="menu-item-"]`)
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-testid')!.replace('menu-item-', '')));
    expect(entries.filter((e) => !['home', 'hot-functions'].includes(e))).toEqual(['organisation', 'organisation-post']);
    await page.goto('/organisation/post/index');
    await expect.poll(() => page.locator('body').innerText()).toContain('测试岗位');
    expect(await page.locator(tid('post-add')).count()).toBe(0);
    const bearer = await sessionToken(page);
    const denied = await fetch(`${env.server().baseUrl}/api/posts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      body: JSON.stringify({ F_Name: 'x', EnCode: 'x', F_CompanyId: 'x' }),
    });
    expect(denied.status).toBe(403);
    expect((await denied.json()).code).toBe(10403);
    const allowed = await fetch(`${env.server().baseUrl}/api/posts/page?limit=1&size=10`, { headers: { authorization: `Bearer ${bearer}` } });
    expect((await allowed.json()).code).toBe(0);
    await page.goto('/organisation/user/index');
    await page.waitForURL('**/403');
    await context.close();
  });
});
