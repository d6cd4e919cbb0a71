import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { DepartmentNode, OrgNode } from '@app/contracts';
import { renderWithApp, stubApi } from '../../test/helpers';
import { signInForTest } from '../../test/session';
import { endSession } from '../../lib/session';
import { setErrorToast } from '../../lib/api';
import { orgPermissions as P } from './permissions';
import DepartmentPage from './DepartmentPage';

/** Defect 9: a department that cannot be deleted says why before asking; a refusal is a message, not an uncaught error. */

const EMPTY = '0b9f7f4e-6a51-4c1e-9d2a-3f5c8e7a1b20';
const STAFFED = '5d1c2b3a-7e8f-4a9b-8c0d-1e2f3a4b5c6d';
const PARENT = '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d';
const CHILD = '1f2e3d4c-5b6a-4978-8a6b-5c4d3e2f1a0b';
const department = (id: string, name: string, children: DepartmentNode[] = []): DepartmentNode => ({
  F_DepartmentId: id,
  F_CompanyId: 'c1',
  F_ParentId: '0',
  F_FullName: name,
  F_EnCode: id.slice(0, 4),
  F_Nature: null,
  F_SortCode: 0,
  F_EnabledMark: 1,
  children,
});
const org: OrgNode[] = [{ id: 'c1', parentId: '0', title: '总公司', type: 'company', companyId: 'c1', children: [] }];
const usersOf: Record<string, number> = { [EMPTY]: 0, [STAFFED]: 2, [PARENT]: 0, [CHILD]: 0 };

const toasts: string[] = [];
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
/** Node's process (the web tests run on Node; the web's types have no Node). */
type Listener = (event: 'unhandledRejection', fn: (reason: unknown) => void) => void;
const nodeProcess = (globalThis as unknown as { process: { on: Listener; off: Listener } }).process;
beforeEach(() => {
  toasts.length = 0;
  unhandled.length = 0;
  setErrorToast((text) => toasts.push(text));
  nodeProcess.on('unhandledRejection', onUnhandled);
});
afterEach(() => {
  nodeProcess.off('unhandledRejection', onUnhandled);
  setErrorToast((text) => console.error(text));
  endSession();
  vi.unstubAllGlobals();
});

/** The stubbed API; DELETE answers the server's refusal (code 10400, as the server does when users were added meanwhile). */
function stub() {
  const calls = stubApi([
    [/^GET \/companies\/departments\/tree$/, () => org],
    [
      /^GET \/companies\/c1\/departments\/tree$/,
      () => [department(EMPTY, '行政部'), department(STAFFED, '市场部'), department(PARENT, '研发中心', [department(CHILD, '前端组')])],
    ],
    [/^GET \/departments\/[^/]+\/users$/, (url) => ({ Rows: [], Total: usersOf[url.pathname.split('/')[3]!] ?? 0 })],
    [/^GET \/companies\/c1\/posts\/tree$/, () => []],
  ]);
  const stubbed = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    if (init.method === 'DELETE') {
      await stubbed(input, init); // recorded in calls
      return new Response(JSON.stringify({ code: 10400, success: false, data: null, msg: '该部门下还有用户，不能删除' }), {
        status: 400,
        headers: { 'content-type': 'application/json' },
      });
    }
    return stubbed(input, init);
  });
  return calls;
}

describe('department page: deleting', { timeout: 60_000 }, () => {
  it('a department with users says so at once and never asks to delete it permanently', async () => {
    signInForTest([P.departmentDelete]);
    const calls = stub();
    renderWithApp(<DepartmentPage />);
    fireEvent.click(await screen.findByTestId(`department-delete-${STAFFED}`));
    expect((await screen.findByTestId('department-delete-blocked')).textContent).toBe('「市场部」下还有 2 名用户，请先在用户管理中把他们调到其他部门。');
    expect(screen.getAllByText('不能删除部门').length).toBeGreaterThan(0);
    expect(screen.queryByText(/永久删除/)).toBeNull();
    expect(screen.queryByTestId('delete-ok')).toBeNull();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('a department with sub-departments says so without asking the server', async () => {
    signInForTest([P.departmentDelete]);
    const calls = stub();
    renderWithApp(<DepartmentPage />);
    fireEvent.click(await screen.findByTestId(`department-delete-${PARENT}`));
    expect((await screen.findByTestId('department-delete-blocked')).textContent).toContain('「研发中心」下还有 1 个下级部门');
    expect(screen.queryByText(/永久删除/)).toBeNull();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it("an empty department asks first; the server's refusal is shown as a message, the dialog closes, nothing is left uncaught", async () => {
    signInForTest([P.departmentDelete]);
    const calls = stub();
    renderWithApp(<DepartmentPage />);
    fireEvent.click(await screen.findByTestId(`department-delete-${EMPTY}`));
    expect(await screen.findByText(/永久删除/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('delete-ok'));
    await waitFor(() => expect(toasts).toEqual(['该部门下还有用户，不能删除']));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`/departments/${EMPTY}`]);
    await waitFor(() => expect(screen.queryByTestId('delete-ok')).toBeNull());
    // Give a rejected promise the turn it needs to be reported.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(unhandled).toEqual([]);
  });
});
