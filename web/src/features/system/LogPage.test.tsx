import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { LogRow } from '@app/contracts';
import { renderWithApp } from '../../test/helpers';
import { signInForTest } from '../../test/session';
import { endSession } from '../../lib/session';
import { stubData } from '../data/test-stub';
import LogPage from './LogPage';

afterEach(() => {
  endSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const row = (over: Partial<LogRow>): LogRow => ({
  F_Id: 'l1',
  F_Category: 2,
  F_UserId: 'u1',
  F_Account: 'admin',
  F_RealName: '管理员',
  F_Module: 'oa-news',
  F_ModuleName: '新闻中心',
  F_ModuleI18n: 'menu.news',
  F_Method: 'POST',
  F_Url: '/api/news',
  F_Params: '{}',
  F_Duration: 12,
  F_Status: 200,
  F_Result: 'success',
  F_Detail: null,
  F_RequestId: 'r1',
  F_IPAddress: '127.0.0.1',
  F_CreateDate: '2026-11-27 08:00:00',
  ...over,
});

describe('system log', { timeout: 30_000 }, () => {
  it('opens on its first tab (sign-in log) and names the menu entry an operation came from', async () => {
    signInForTest([]);
    const calls = stubData([
      [
        /^GET \/log$/,
        (url) => {
          const category = Number(url.searchParams.get('category'));
          const rows =
            category === 2
              ? [row({}), row({ F_Id: 'l2', F_Module: 'x-1', F_ModuleName: null, F_ModuleI18n: null })]
              : [row({ F_Category: 1, F_Module: null, F_ModuleName: null, F_ModuleI18n: null })];
          return { Rows: rows, Total: rows.length };
        },
      ],
    ]);
    renderWithApp(<LogPage />);
    await waitFor(() => expect(calls.some((c) => c.path === '/log')).toBe(true));
    expect(calls.find((c) => c.path === '/log')!.url.searchParams.get('category')).toBe('1');
    fireEvent.click(screen.getByTestId('log-tab-2'));
    const named = await screen.findByTestId('log-row-l1');
    expect(named.textContent).toContain('新闻中心');
    expect(screen.getByTestId('log-row-l2').textContent).toContain('x-1');
  });
});
