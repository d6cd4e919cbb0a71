import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import type { Message, MessageCentre } from '@app/contracts';
import '../../lib/i18n';
import { stubApi } from '../../test/helpers';
import { signInForTest } from '../../test/session';
import { endSession } from '../../lib/session';
import { NoticeBell } from './NoticeBell';
import { WorkflowNoticePanel } from './WorkflowNoticePanel';
import { openApproval, openProgress } from '../workflow/overlays';

vi.mock('../workflow/overlays', () => ({ openApproval: vi.fn(), openProgress: vi.fn() }));

const wfMsg = (id: string, type: 13 | 14, taskStatus: string, isRead = false): Message => ({
  F_Id: id,
  F_Type: type,
  title: `title ${id}`,
  F_Content: `content ${id}`,
  F_SendTime: '2026-11-23 08:00:00',
  createTime: '2026-11-23 08:00:00',
  F_Status: isRead ? '11' : '10',
  isRead,
  objectId: `task-${id}`,
  workflowInfoVo: { taskStatus, processInstanceId: `pi-${id}`, taskId: `task-${id}` },
});
const group = (unread: number, list: Message[] = []) => ({ unread, messageList: list });
const centre = (over: Partial<MessageCentre> = {}): MessageCentre => ({
  news: group(0),
  notice: group(0),
  schedule: group(0),
  workflowApproval: group(0),
  workflowCirculated: group(0),
  ...over,
});

function Where() {
  const l = useLocation();
  return <div data-testid="where">{l.pathname + l.search}</div>;
}

function renderIn(node: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>
        <MemoryRouter>
          {node}
          <Where />
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

beforeEach(() => signInForTest());
afterEach(() => {
  endSession();
  vi.unstubAllGlobals();
  vi.mocked(openApproval).mockClear();
  vi.mocked(openProgress).mockClear();
});

describe('workflow messages (spec 2.7)', () => {
  it("taskStatus '1' opens the progress viewer; any other the approval screen full screen; both are marked read", async () => {
    const calls = stubApi([
      [/^GET \/oa\/xjr-oa-message$/, () => centre({ workflowApproval: group(2, [wfMsg('a', 13, '0'), wfMsg('b', 13, '1')]) })],
      [/^PUT \/oa\/xjr-oa-message\/\w+$/, () => null],
    ]);
    renderIn(<NoticeBell />);
    fireEvent.click(screen.getByTestId('notice-bell'));
    fireEvent.click(await screen.findByTestId('notice-tab-workflow'));
    fireEvent.click(await screen.findByTestId('notice-row-a'));
    expect(openApproval).toHaveBeenCalledWith({ taskId: 'task-a', processInstanceId: 'pi-a', fullScreen: true });
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path === '/oa/xjr-oa-message/a')).toBe(true));

    fireEvent.click(screen.getByTestId('notice-bell'));
    fireEvent.click(await screen.findByTestId('notice-tab-workflow'));
    fireEvent.click(await screen.findByTestId('notice-row-b'));
    expect(openProgress).toHaveBeenCalledWith('pi-b');
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path === '/oa/xjr-oa-message/b')).toBe(true));
    expect(openApproval).toHaveBeenCalledTimes(1);
  });

  it("the bell's workflow tab 'view more' goes to the task centre", async () => {
    stubApi([[/^GET \/oa\/xjr-oa-message$/, () => centre()]]);
    renderIn(<NoticeBell />);
    fireEvent.click(screen.getByTestId('notice-bell'));
    fireEvent.click(await screen.findByTestId('notice-tab-workflow'));
    fireEvent.click(screen.getByTestId('notice-more'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/workflow/process/index'));
  });

  it("the dashboard panel opens circulation messages and its 'view more' goes to the to-do / circulated tabs", async () => {
    stubApi([
      [/^GET \/oa\/xjr-oa-message$/, () => centre({ workflowCirculated: group(1, [wfMsg('c', 14, '0')]) })],
      [/^PUT \/oa\/xjr-oa-message\/\w+$/, () => null],
    ]);
    renderIn(<WorkflowNoticePanel />);
    fireEvent.click(await screen.findByTestId('notice-row-c'));
    expect(openApproval).toHaveBeenCalledWith({ taskId: 'task-c', processInstanceId: 'pi-c', fullScreen: true });
    fireEvent.click(screen.getByTestId('home-notice-more-approval'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/workflow/process/index?tab=todo'));
    fireEvent.click(screen.getByTestId('home-notice-more-circulated'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/workflow/process/index?tab=circulated'));
  });
});
