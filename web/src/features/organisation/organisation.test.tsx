import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { GrantSet, ModuleGrantNode } from '@app/contracts';
import { renderWithApp, stubApi } from '../../test/helpers';
import { AuthorizeDialog } from './AuthorizeDialog';

afterEach(() => vi.unstubAllGlobals());

const item = (id: string, moduleId: string, code: string, name: string) => ({
  F_Id: id,
  F_ModuleId: moduleId,
  F_EnCode: code,
  F_FullName: name,
  F_SortCode: 0,
});
const node = (id: string, name: string, extra: Partial<ModuleGrantNode> = {}): ModuleGrantNode => ({
  F_ModuleId: id,
  F_ParentId: '0',
  F_SystemId: '0',
  F_EnCode: id,
  F_FullName: name,
  F_Icon: '',
  buttons: [],
  columns: [],
  forms: [],
  children: [],
  ...extra,
});
const modules: ModuleGrantNode[] = [
  node('org', '组织架构', {
    children: [
      node('org-user', '用户管理', {
        F_ParentId: 'org',
        buttons: [item('b-add', 'org-user', 'add', '新增'), item('b-del', 'org-user', 'delete', '删除')],
        columns: [item('c-mobile', 'org-user', 'F_Mobile', '手机号')],
      }),
      node('org-role', '角色管理', { F_ParentId: 'org' }),
    ],
  }),
];

describe('role authorize dialog', () => {
  it('submits the chosen menu, button and column ids (parents included)', async () => {
    const grants: GrantSet = { moduleIds: ['org', 'org-role'], buttonIds: [], columnIds: [], formIds: [], appFunctionIds: [] };
    const calls = stubApi([
      [/^GET \/modules\/all$/, () => modules],
      [/^GET \/authorizes\/1\/r1$/, () => grants],
      [/^POST \/authorizes$/, () => null],
    ]);
    const onClose = vi.fn();
    renderWithApp(<AuthorizeDialog open objectType={1} objectId="r1" onClose={onClose} />);
    const roleBox = (await screen.findByTestId('authorize-module-org-role')) as HTMLInputElement;
    expect(roleBox.checked).toBe(true);
    // Un-check 角色管理, grant one button and one column of 用户管理 (its module comes along).
    fireEvent.click(roleBox);
    fireEvent.click(screen.getByTestId('authorize-button-b-add'));
    fireEvent.click(screen.getByTestId('authorize-column-c-mobile'));
    expect((screen.getByTestId('authorize-module-org-user') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByTestId('modal-ok'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = calls.find((c) => c.method === 'POST' && c.path === '/authorizes');
    expect(post?.body).toMatchObject({ objectId: 'r1', objectType: 1 });
    const items = (post!.body as { itemJson: Record<string, string[]> }).itemJson;
    expect(items.moduleIds.sort()).toEqual(['org', 'org-user']);
    expect(items.buttonIds).toEqual(['b-add']);
    expect(items.columnIds).toEqual(['c-mobile']);
    expect(items.formIds).toEqual([]);
  });

  it('un-checking a menu entry drops its buttons and columns', async () => {
    const grants: GrantSet = { moduleIds: ['org', 'org-user'], buttonIds: ['b-add', 'b-del'], columnIds: ['c-mobile'], formIds: [], appFunctionIds: [] };
    const calls = stubApi([
      [/^GET \/modules\/all$/, () => modules],
      [/^GET \/authorizes\/1\/r2$/, () => grants],
      [/^POST \/authorizes$/, () => null],
    ]);
    const onClose = vi.fn();
    renderWithApp(<AuthorizeDialog open objectType={1} objectId="r2" onClose={onClose} />);
    fireEvent.click(await screen.findByTestId('authorize-module-org-user'));
    fireEvent.click(screen.getByTestId('modal-ok'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const items = (calls.find((c) => c.method === 'POST')!.body as { itemJson: Record<string, string[]> }).itemJson;
    expect(items).toMatchObject({ moduleIds: ['org'], buttonIds: [], columnIds: [] });
  });
});
