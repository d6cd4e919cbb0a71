import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { UserRow } from '@app/contracts';
import { renderWithApp, stubApi } from '../../test/helpers';
import { signInForTest } from '../../test/session';
import { endSession } from '../../lib/session';
import { orgPermissions as P } from './permissions';
import UserPage from './UserPage';

afterEach(() => {
  endSession();
  vi.unstubAllGlobals();
});

const user = (id: string, name: string, enabled: 0 | 1): UserRow => ({
  F_UserId: id,
  F_Account: id,
  F_RealName: name,
  F_Gender: 0,
  F_HeadIcon: null,
  F_EnabledMark: enabled,
  F_CompanyId: null,
  F_DepartmentName: '',
  F_Company: null,
  F_Department: [],
  F_Roles: [],
  F_Posts: [],
  F_Description: '',
  F_CreateDate: '2026-11-27 10:00:00',
});

describe('user status switch', { timeout: 60_000 }, () => {
  it('asks before disabling an account (zh), and enables one without asking', async () => {
    signInForTest([P.userEnable]);
    const calls = stubApi([
      [/^GET \/companies\/departments\/tree$/, () => []],
      [/^GET \/companies\/tree$/, () => []],
      [/^GET \/users\/page$/, () => ({ Rows: [user('zs', '张三', 1), user('ww', '王五', 0)], Total: 2 })],
      [/^PATCH \/users\/[^/]+\/enabled$/, () => null],
    ]);
    renderWithApp(<UserPage />);
    fireEvent.click(await screen.findByTestId('user-enable-zs'));
    expect(await screen.findByText('确定停用用户“张三”吗？')).toBeTruthy();
    expect(screen.getByText('停用后该用户将被强制下线，且无法再登录。')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    fireEvent.click(screen.getByTestId('user-disable-ok-zs'));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({ path: '/users/zs/enabled', body: { F_EnabledMark: 0 } }));

    fireEvent.click(screen.getByTestId('user-enable-ww'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH').at(-1)).toMatchObject({ path: '/users/ww/enabled', body: { F_EnabledMark: 1 } }));
  });
});
