import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CompanyNode, DepartmentNode, OrgNode } from '@app/contracts';
import { renderWithApp, stubApi } from '../../test/helpers';
import { signInForTest } from '../../test/session';
import { endSession } from '../../lib/session';
import { orgPermissions as P } from './permissions';
import UserPage from './UserPage';

afterEach(() => {
  endSession();
  vi.unstubAllGlobals();
});

const company = (id: string, name: string): CompanyNode => ({
  F_CompanyId: id,
  F_ParentId: '0',
  F_FullName: name,
  F_CompanyName: name,
  F_EnCode: id,
  F_Nature: null,
  F_SortCode: 0,
  F_EnabledMark: 1,
  children: [],
});
const department = (id: string, companyId: string, name: string): DepartmentNode => ({
  F_DepartmentId: id,
  F_CompanyId: companyId,
  F_ParentId: '0',
  F_FullName: name,
  F_EnCode: id,
  F_Nature: null,
  F_SortCode: 0,
  F_EnabledMark: 1,
  children: [],
});
const MARKET = '0b9f7f4e-6a51-4c1e-9d2a-3f5c8e7a1b20';
const SALES = '5d1c2b3a-7e8f-4a9b-8c0d-1e2f3a4b5c6d';
const departments: Record<string, DepartmentNode[]> = {
  c1: [department(MARKET, 'c1', '市场部')],
  c2: [department(SALES, 'c2', '销售部')],
};
const org: OrgNode[] = [
  {
    id: 'c1',
    parentId: '0',
    title: '总公司',
    type: 'company',
    companyId: 'c1',
    children: [{ id: MARKET, parentId: 'c1', title: '市场部', type: 'department', companyId: 'c1', children: [] }],
  },
  {
    id: 'c2',
    parentId: '0',
    title: '分公司',
    type: 'company',
    companyId: 'c2',
    children: [{ id: SALES, parentId: 'c2', title: '销售部', type: 'department', companyId: 'c2', children: [] }],
  },
];

function stub() {
  return stubApi([
    [/^GET \/companies\/departments\/tree$/, () => org],
    [/^GET \/companies\/tree$/, () => [company('c1', '总公司'), company('c2', '分公司')]],
    [/^GET \/companies\/[^/]+\/departments\/tree$/, (url) => departments[url.pathname.split('/')[3]!] ?? []],
    [/^GET \/users\/page$/, () => ({ Rows: [], Total: 0 })],
    [/^POST \/users$/, () => null],
  ]);
}

/** The texts a (tree) select shows as its value: the tags of a multiple one, the text of a single one. */
const shown = (testId: string) => {
  const select = screen.getByTestId(testId);
  const items = select.classList.contains('ant-select-multiple')
    ? [...select.querySelectorAll('.ant-select-selection-item')]
    : [...select.querySelectorAll('.ant-select-content-has-value')];
  return items.map((e) => e.getAttribute('title') ?? e.textContent);
};

async function chooseTreeNode(testId: string, text: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  const option = await waitFor(() => {
    const popup = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')].at(-1);
    const found = [...(popup?.querySelectorAll<HTMLElement>('.ant-select-tree-title') ?? [])].find((o) => o.textContent === text);
    if (!found) throw new Error(`no tree option ${text}`);
    return found;
  });
  fireEvent.click(option);
}

describe('user page: the new-user dialog from the organisation tree', { timeout: 60_000 }, () => {
  it('a chosen department presets its company and shows the department by name; another company drops it, the same keeps it', async () => {
    signInForTest([P.userAdd]);
    const calls = stub();
    renderWithApp(<UserPage />);
    fireEvent.click(await within(await screen.findByTestId('user-org-tree')).findByText('市场部'));
    fireEvent.click(await screen.findByTestId('user-add'));
    await screen.findByTestId('user-form');
    await waitFor(() => expect(shown('user-company')).toEqual(['总公司']));
    await waitFor(() => expect(shown('user-departments')).toEqual(['市场部']));
    expect(screen.getByTestId('user-departments').textContent).not.toContain(MARKET);

    // Choosing the same company again keeps the department; another company's tree has no 市场部, so it goes.
    await chooseTreeNode('user-company', '总公司');
    await waitFor(() => expect(shown('user-company')).toEqual(['总公司']));
    expect(shown('user-departments')).toEqual(['市场部']);
    await chooseTreeNode('user-company', '分公司');
    await waitFor(() => expect(shown('user-company')).toEqual(['分公司']));
    await waitFor(() => expect(shown('user-departments')).toEqual([]));

    // Back to the department's company and a save: both ids are sent.
    await chooseTreeNode('user-company', '总公司');
    await chooseTreeNode('user-departments', '市场部');
    fireEvent.change(screen.getByTestId('user-account'), { target: { value: 'lisi' } });
    fireEvent.change(screen.getByTestId('user-password'), { target: { value: 'secret1' } });
    fireEvent.change(screen.getByTestId('user-name'), { target: { value: '李四' } });
    fireEvent.click(within(screen.getByTestId('user-form').closest<HTMLElement>('.ant-modal')!).getByTestId('modal-ok'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/users')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ F_Account: 'lisi', F_CompanyId: 'c1', departmentIds: [MARKET] });
  });

  it('a department of another company presets that company, and choosing it again keeps the department', async () => {
    signInForTest([P.userAdd]);
    stub();
    renderWithApp(<UserPage />);
    fireEvent.click(await within(await screen.findByTestId('user-org-tree')).findByText('销售部'));
    fireEvent.click(await screen.findByTestId('user-add'));
    await screen.findByTestId('user-form');
    await waitFor(() => expect(shown('user-company')).toEqual(['分公司']));
    await waitFor(() => expect(shown('user-departments')).toEqual(['销售部']));
    await chooseTreeNode('user-company', '分公司');
    expect(shown('user-departments')).toEqual(['销售部']);
  });
});
