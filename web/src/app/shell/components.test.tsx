import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import '../../lib/i18n';
import { LockButton } from './LockButton';
import { TagBar } from './TagBar';
import { lockStore, clearLock } from '../lock/lock-state';
import { openTab, resetTabs, tabsStore } from './tabs';

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

describe('lock dialog', () => {
  it('requires a password, then locks and goes to /lock after 100 ms', async () => {
    clearLock();
    render(
      <MemoryRouter initialEntries={['/wel/index']}>
        <LockButton />
        <Where />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByTestId('lock-button'));
    fireEvent.click(await screen.findByTestId('lock-confirm'));
    expect(await screen.findByText('锁屏密码不能为空')).toBeTruthy();
    expect(lockStore.get().locked).toBe(false);
    fireEvent.change(screen.getByTestId('lock-password'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByTestId('lock-confirm'));
    await waitFor(() => expect(lockStore.get().password).toBe('secret'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/lock'));
    expect(lockStore.get().locked).toBe(true);
    expect(sessionStorage.getItem('app.isLock')).toBe('true');
    clearLock();
  });
});

describe('tag bar', () => {
  const setup = (path: string) =>
    render(
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <TagBar />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>,
    );

  it('keeps the first tab unclosable and closes others from the context menu', async () => {
    resetTabs();
    openTab({ value: '/info/index', label: '个人信息', i18n: 'menu.personalInfo', close: true });
    openTab({ value: '/info/setting', label: '个人设置', i18n: 'menu.personalSetting', close: true });
    openTab({ value: '/system/online-user/index', label: '在线用户', close: true });
    setup('/info/setting');
    expect(screen.getByTestId('tab-/wel/index')).toBeTruthy();
    expect(tabsStore.get()[0]).toMatchObject({ value: '/wel/index', close: false });
    fireEvent.contextMenu(screen.getByTestId('tab-/info/setting'));
    fireEvent.click(await screen.findByTestId('tab-close-others'));
    await waitFor(() => expect(tabsStore.get().map((t) => t.value)).toEqual(['/wel/index', '/info/setting']));
    expect(JSON.parse(localStorage.getItem('app.tags') ?? '[]')).toHaveLength(2);
  });

  it('close all returns to the welcome page', async () => {
    resetTabs();
    openTab({ value: '/info/index', label: '个人信息', close: true });
    openTab({ value: '/info/setting', label: '个人设置', close: true });
    setup('/info/index');
    fireEvent.contextMenu(screen.getByTestId('tab-/info/index'));
    fireEvent.click(await screen.findByTestId('tab-close-all'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/wel/index'));
    expect(tabsStore.get().map((t) => t.value)).toEqual(['/wel/index']);
  });
});
