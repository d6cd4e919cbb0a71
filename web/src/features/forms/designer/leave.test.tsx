import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Outlet, RouterProvider, createMemoryRouter, useNavigate } from 'react-router';
import { renderWithApp } from '../../../test/helpers';
import { signInForTest } from '../../../test/session';
import { endSession } from '../../../lib/session';
import { stubData } from '../../data/test-stub';
import { TagBar } from '../../../app/shell/TagBar';
import { HOME_TAB, openTab, resetTabs, useTabs } from '../../../app/shell/tabs';
import { LeaveGuard, hasUnsavedChanges } from '../../../app/shell/unsaved';
import FormDesignerPage from './FormDesignerPage';

const PATH = '/quick-development/form-design/designer';
const QUESTION = '有未保存的修改，确定离开吗？离开后修改将丢失。';

beforeEach(() => {
  signInForTest([]);
  resetTabs();
});
afterEach(() => {
  endSession();
  vi.unstubAllGlobals();
  resetTabs();
});

/** The shell's parts that matter here: the tab bar, the leave guard and a menu link. */
function Shell() {
  const navigate = useNavigate();
  const tabs = useTabs();
  return (
    <>
      <TagBar />
      <LeaveGuard />
      <button type="button" data-testid="menu-link" onClick={() => void navigate('/system/user')} />
      <div data-testid="tab-count">{tabs.length}</div>
      <Outlet />
    </>
  );
}

function renderShell() {
  openTab(HOME_TAB);
  openTab({ value: PATH, label: '表单设计', close: true });
  const router = createMemoryRouter(
    [
      {
        element: <Shell />,
        children: [
          { path: HOME_TAB.value, element: <div data-testid="home" /> },
          { path: '/system/user', element: <div data-testid="users" /> },
          { path: PATH, element: <FormDesignerPage /> },
        ],
      },
    ],
    { initialEntries: [PATH] },
  );
  renderWithApp(<RouterProvider router={router} />);
  return router;
}

/** Dispatches beforeunload; true when the page asked to stay. */
function unload(): boolean {
  const e = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(e);
  return e.defaultPrevented;
}
const closeButton = () => document.querySelector<HTMLElement>(`[data-node-key="${PATH}"] .ant-tabs-tab-remove`)!;
const typeInto = (key: string, value: string) => fireEvent.change(screen.getByTestId(`prop-${key}`), { target: { value } });

describe('form designer: unsaved changes', { timeout: 60_000 }, () => {
  it('asks before its tab closes or a menu entry leaves it; cancelling stays; after a save the tab closes without asking', async () => {
    const calls = stubData([[/^POST \/form-scheme$/, () => ({ F_Id: 'f1', F_SchemeId: 's1', F_Version: 1, tables: [] })]]);
    const router = renderShell();
    await screen.findByTestId('form-designer');
    fireEvent.click(closeButton());
    // Nothing changed yet: the tab would close at once. Open it again for the real case.
    expect(await screen.findByTestId('home')).toBeTruthy();
    openTab({ value: PATH, label: '表单设计', close: true });
    await router.navigate(PATH);
    await screen.findByTestId('form-designer');

    fireEvent.click(screen.getByTestId('palette-input'));
    expect(screen.getByTestId('designer-dirty')).toBeTruthy();
    expect(hasUnsavedChanges()).toBe(true);
    // A reload or closing the browser: the browser's own question.
    expect(unload()).toBe(true);

    fireEvent.click(closeButton());
    expect(await screen.findByText(QUESTION)).toBeTruthy();
    fireEvent.click(screen.getByTestId('unsaved-stay'));
    await waitFor(() => expect(screen.queryByText(QUESTION)).toBeNull());
    expect(screen.getByTestId('form-designer')).toBeTruthy();
    expect(screen.getByTestId('tab-count').textContent).toBe('2');

    // A menu entry (any in-app navigation) asks too.
    fireEvent.click(screen.getByTestId('menu-link'));
    expect(await screen.findByText(QUESTION)).toBeTruthy();
    fireEvent.click(screen.getByTestId('unsaved-stay'));
    await waitFor(() => expect(screen.queryByText(QUESTION)).toBeNull());
    expect(screen.getByTestId('form-designer')).toBeTruthy();
    expect(screen.queryByTestId('users')).toBeNull();

    fireEvent.click(screen.getByTestId('designer-tab-form'));
    typeInto('F_Name', '意见');
    fireEvent.click(screen.getByTestId('prop-tables'));
    fireEvent.click(screen.getByTestId('designer-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    await waitFor(() => expect(screen.queryByTestId('designer-dirty')).toBeNull());
    expect(router.state.location.search).toBe('?id=f1');
    expect(unload()).toBe(false);

    fireEvent.click(closeButton());
    expect(await screen.findByTestId('home')).toBeTruthy();
    expect(screen.queryByText(QUESTION)).toBeNull();
    expect(screen.getByTestId('tab-count').textContent).toBe('1');
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('leaves unsaved changes when the user says so', async () => {
    stubData([]);
    renderShell();
    await screen.findByTestId('form-designer');
    fireEvent.click(screen.getByTestId('palette-input'));
    fireEvent.click(screen.getByTestId('menu-link'));
    expect(await screen.findByText(QUESTION)).toBeTruthy();
    fireEvent.click(screen.getByTestId('unsaved-leave'));
    expect(await screen.findByTestId('users')).toBeTruthy();
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('asks before 关闭全部 closes the designer with unsaved changes', async () => {
    stubData([]);
    renderShell();
    await screen.findByTestId('form-designer');
    fireEvent.click(screen.getByTestId('palette-input'));
    fireEvent.contextMenu(screen.getByTestId(`tab-${PATH}`));
    fireEvent.click(await screen.findByTestId('tab-close-all'));
    expect(await screen.findByText(QUESTION)).toBeTruthy();
    fireEvent.click(screen.getByTestId('unsaved-stay'));
    await waitFor(() => expect(screen.queryByText(QUESTION)).toBeNull());
    expect(screen.getByTestId('tab-count').textContent).toBe('2');
    expect(screen.getByTestId('form-designer')).toBeTruthy();

    fireEvent.contextMenu(screen.getByTestId(`tab-${PATH}`));
    fireEvent.click((await screen.findAllByTestId('tab-close-all')).at(-1)!);
    fireEvent.click(await screen.findByTestId('unsaved-leave'));
    expect(await screen.findByTestId('home')).toBeTruthy();
    expect(screen.getByTestId('tab-count').textContent).toBe('1');
  });
});
