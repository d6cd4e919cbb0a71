import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { type ClueRow, cluePermissions } from '@app/contracts';
import i18n from '../../lib/i18n';
import { renderWithApp, stubApi } from '../../test/helpers';
import { signInForTest } from '../../test/session';
import { endSession } from '../../lib/session';
import { ClueLink } from './ClueLink';
import CluePage from './CluePage';

afterEach(async () => {
  endSession();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('zh-CN');
});

const row = (over: Partial<ClueRow> = {}): ClueRow => ({
  F_Id: 'c1',
  F_Name: '王小明',
  F_Phone: '13800000000',
  F_Email: 'wang@example.com',
  F_Company: '小明科技',
  F_Message: '想了解',
  F_IPAddress: '10.0.0.1',
  F_Handled: 0,
  F_HandledUserName: null,
  F_HandledDate: null,
  F_CreateDate: '2026-11-27 10:00:00',
  ...over,
});

describe('leave your contact (sign-in page)', () => {
  it('checks the form in the page language, then posts the lead with the tenant code', async () => {
    const calls = stubApi([[/^POST \/login\/add-clue$/, () => ({ F_Id: 'c9' })]]);
    renderWithApp(<ClueLink tenantCode={() => 'acme'} />);
    fireEvent.click(screen.getByTestId('clue-open'));
    expect(await screen.findByText('留下联系方式', { selector: '.ant-modal-title' })).toBeTruthy();
    fireEvent.change(screen.getByTestId('clue-phone'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByTestId('clue-submit'));
    expect(await screen.findByText('请填写姓名（不超过 50 个字）')).toBeTruthy();
    expect(await screen.findByText('请填写正确的电话号码（6–20 位，可含 +、- 和空格）')).toBeTruthy();
    expect(calls).toHaveLength(0);

    fireEvent.change(screen.getByTestId('clue-name'), { target: { value: '王小明' } });
    fireEvent.change(screen.getByTestId('clue-phone'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('clue-submit'));
    expect(await screen.findByText('请至少填写电话或电子邮箱中的一项')).toBeTruthy();

    fireEvent.change(screen.getByTestId('clue-email'), { target: { value: 'wang@example.com' } });
    fireEvent.change(screen.getByTestId('clue-company'), { target: { value: '小明科技' } });
    fireEvent.click(screen.getByTestId('clue-submit'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toMatchObject({ name: '王小明', email: 'wang@example.com', company: '小明科技', code: 'acme' });
  });

  it('reads in English', async () => {
    await i18n.changeLanguage('en');
    renderWithApp(<ClueLink tenantCode={() => ''} />);
    expect(screen.getByTestId('clue-open').textContent).toBe('Leave your contact');
  });
});

describe('leads list (administrators)', () => {
  it('lists leads and marks one handled', async () => {
    signInForTest([cluePermissions.clueList, cluePermissions.clueHandle, cluePermissions.clueDelete]);
    let handled = false;
    const calls = stubApi([
      [/^GET \/clue$/, () => ({ Rows: [row({ F_Handled: handled ? 1 : 0 })], Total: 1 })],
      [/^PUT \/clue\/c1\/handled$/, () => ((handled = true), null)],
    ]);
    renderWithApp(<CluePage />);
    expect(await screen.findByText('王小明')).toBeTruthy();
    expect(calls[0]!.url.searchParams.get('limit')).toBe('1');
    fireEvent.click(screen.getByTestId('clue-handle-c1'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path === '/clue/c1/handled')).toBe(true));
    await waitFor(() => expect(screen.queryByTestId('clue-handle-c1')).toBeNull());
    expect(screen.getByTestId('clue-delete-c1')).toBeTruthy();
  });

  it('hides the buttons without their permissions', async () => {
    signInForTest([cluePermissions.clueList]);
    stubApi([[/^GET \/clue$/, () => ({ Rows: [row()], Total: 1 })]]);
    renderWithApp(<CluePage />);
    expect(await screen.findByText('王小明')).toBeTruthy();
    expect(screen.queryByTestId('clue-handle-c1')).toBeNull();
    expect(screen.queryByTestId('clue-delete-c1')).toBeNull();
  });
});
