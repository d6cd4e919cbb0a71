import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { HomeOverview } from '@app/contracts';
import { renderWithApp, stubApi } from '../../test/helpers';
import { signInForTest } from '../../test/session';
import { endSession } from '../../lib/session';
import HomePage from './HomePage';

const mine: HomeOverview = { myTodos: 2, myApplications: 1, unreadMessages: 5, myMenus: 7, lastLoginTime: null, lastLoginIp: null };

beforeEach(() => signInForTest());
afterEach(() => {
  endSession();
  vi.unstubAllGlobals();
});

const render = (overview: HomeOverview) => {
  stubApi([
    [/^GET \/home\/overview$/, () => overview],
    [/^GET \/modules\//, () => []],
    [/^GET \//, () => ({ Rows: [], Total: 0 })],
  ]);
  renderWithApp(
    <MemoryRouter>
      <HomePage />
    </MemoryRouter>,
  );
};

describe('home page figures', () => {
  it('an employee sees their own to-dos, applications and unread messages, and no company figures', async () => {
    render(mine);
    await waitFor(() => expect(screen.getByTestId('home-overview-myTodos').textContent).toContain('我的待办2'));
    expect(screen.getByTestId('home-overview-myApplications').textContent).toContain('进行中的申请1');
    expect(screen.getByTestId('home-overview-unreadMessages').textContent).toContain('未读消息5');
    expect(screen.queryByTestId('home-tenant-overview')).toBeNull();
    expect(screen.queryByTestId('home-overview-onlineUsers')).toBeNull();
  });

  it('an administrator also sees the company figures the server answers', async () => {
    render({ ...mine, onlineUsers: 3, todayLogins: 9, clientErrorsToday: 0 });
    expect((await screen.findByTestId('home-tenant-overview')).textContent).toContain('企业概况');
    expect(screen.getByTestId('home-overview-onlineUsers').textContent).toContain('3');
    expect(screen.getByTestId('home-overview-todayLogins').textContent).toContain('9');
    expect(screen.getByTestId('home-overview-clientErrorsToday').textContent).toContain('0');
  });
});
