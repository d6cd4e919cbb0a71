import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { Message, MessageCentre } from '@app/contracts';
import '../../lib/i18n';
import { stubApi } from '../../test/helpers';
import { signInForTest } from '../../test/session';
import { endSession } from '../../lib/session';
import { NoticeBell } from './NoticeBell';
import { MESSAGES_KEY } from './messages';
import { PUSH_START_DELAY_MS, useMessagePush } from './message-actions';
import { parseSse, startMessagePush } from './message-stream';

const msg = (id: string, isRead: boolean, type = 10): Message => ({
  F_Id: id,
  F_Type: type,
  title: `title ${id}`,
  F_Content: `content ${id}`,
  F_SendTime: '2026-11-23 08:00:00',
  createTime: '2026-11-23 08:00:00',
  F_Status: isRead ? '11' : '10',
  isRead,
  objectId: `obj-${id}`,
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

function renderBell(client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  return render(
    <QueryClientProvider client={client}>
      <App>
        <MemoryRouter>
          <NoticeBell />
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

beforeEach(() => signInForTest());
afterEach(() => {
  endSession();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('notice bell', () => {
  it('caps the badge at 99 and marks unread rows', async () => {
    stubApi([[/^GET \/oa\/xjr-oa-message$/, () => centre({ news: group(80, [msg('n1', false), msg('n2', true)]), notice: group(30) })]]);
    renderBell();
    await waitFor(() => expect(screen.getByTestId('notice-badge').textContent).toBe('99+'));
    expect(screen.getByTestId('notice-badge').dataset.count).toBe('110');
    fireEvent.click(screen.getByTestId('notice-bell'));
    const pop = await screen.findByTestId('notice-popover');
    expect(pop.style.width).toBe('380px');
    expect(screen.getByTestId('notice-list').style.height).toBe('450px');
    expect(screen.getByTestId('notice-row-n1').dataset.read).toBe('false');
    expect(screen.getByTestId('notice-unread-n1')).toBeTruthy();
    expect(screen.getByTestId('notice-row-n2').dataset.read).toBe('true');
    expect(screen.queryByTestId('notice-unread-n2')).toBeNull();
  });

  it("says '此条消息已读' on a read row and calls nothing", async () => {
    const calls = stubApi([[/^GET \/oa\/xjr-oa-message$/, () => centre({ news: group(0, [msg('n2', true)]) })]]);
    renderBell();
    fireEvent.click(screen.getByTestId('notice-bell'));
    fireEvent.click(await screen.findByTestId('notice-row-n2'));
    expect(await screen.findByText('此条消息已读')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('marks an unread notice read when opened', async () => {
    let read = false;
    const calls = stubApi([
      [/^GET \/oa\/xjr-oa-message$/, () => centre({ notice: group(read ? 0 : 1, [msg('m1', read, 11)]) })],
      [/^PUT \/oa\/xjr-oa-message\/m1$/, () => ((read = true), null)],
    ]);
    renderBell();
    fireEvent.click(screen.getByTestId('notice-bell'));
    fireEvent.click(await screen.findByTestId('notice-tab-notice'));
    fireEvent.click(await screen.findByTestId('notice-row-m1'));
    expect(await screen.findByTestId('notice-message-detail')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path === '/oa/xjr-oa-message/m1')).toBe(true));
    await waitFor(() => expect(screen.getByTestId('notice-row-m1').dataset.read).toBe('true'));
  });

  it("set-all-read with nothing unread says '没有更多消息需要设置已读了'; otherwise calls readAllMessage of the tab", async () => {
    const calls = stubApi([
      [/^GET \/oa\/xjr-oa-message$/, () => centre({ schedule: group(2, [msg('s1', false, 12)]) })],
      [/^PUT \/oa\/xjr-oa-message\/readAllMessage\/12$/, () => null],
    ]);
    renderBell();
    fireEvent.click(screen.getByTestId('notice-bell'));
    await screen.findByTestId('notice-popover');
    fireEvent.click(screen.getByTestId('notice-read-all'));
    expect(await screen.findByText('没有更多消息需要设置已读了')).toBeTruthy();
    fireEvent.click(screen.getByTestId('notice-tab-schedule'));
    await screen.findByTestId('notice-row-s1');
    fireEvent.click(screen.getByTestId('notice-read-all'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path === '/oa/xjr-oa-message/readAllMessage/12')).toBe(true));
  });

  it("shows '全部设置消息已读失败' when read-all fails", async () => {
    stubApi([[/^GET \/oa\/xjr-oa-message$/, () => centre({ news: group(1, [msg('n1', false)]) })]]);
    renderBell();
    fireEvent.click(screen.getByTestId('notice-bell'));
    await screen.findByTestId('notice-row-n1');
    fireEvent.click(screen.getByTestId('notice-read-all'));
    expect(await screen.findByText('全部设置消息已读失败')).toBeTruthy();
  });
});

/** A fetch answer whose body streams the given chunks, then ends (or stays open). */
function streamResponse(chunks: string[], keepOpen = false) {
  const enc = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      for (const ch of chunks) c.enqueue(enc.encode(ch));
      if (!keepOpen) c.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

describe('push reader', () => {
  it('parses server-sent events, skipping comments and keeping the unfinished rest', () => {
    const { events, rest } = parseSse(': ping\n\nevent: message\ndata: {"type":10}\n\nevent: mess');
    expect(events).toEqual([{ event: 'message', data: '{"type":10}' }]);
    expect(rest).toBe('event: mess');
  });

  it('sends the bearer header, delivers events and reconnects after the stream ends', async () => {
    const fetchFn = vi
      .fn()
      .mockResolvedValueOnce(streamResponse(['event: message\ndata: {"type":10}\n', '\n']))
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValueOnce(streamResponse(['event: message\ndata: {"type":11}\n\n'], true));
    const events: string[] = [];
    const stop = startMessagePush({ token: () => 'tok', onEvent: (e) => events.push(e.data), delays: [5, 10], fetchFn: fetchFn as unknown as typeof fetch });
    await waitFor(() => expect(events).toEqual(['{"type":10}', '{"type":11}']));
    expect(fetchFn).toHaveBeenCalledTimes(3);
    const [url, init] = fetchFn.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/oa/message-stream');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    stop();
  });

  it('stops when signed out (no token)', async () => {
    const fetchFn = vi.fn().mockRejectedValue(new Error('down'));
    let token: string | null = 'tok';
    const stop = startMessagePush({ token: () => token, onEvent: () => undefined, delays: [5], fetchFn: fetchFn as unknown as typeof fetch });
    await waitFor(() => expect(fetchFn.mock.calls.length).toBeGreaterThanOrEqual(2));
    token = null;
    await new Promise((r) => setTimeout(r, 30));
    const n = fetchFn.mock.calls.length;
    await new Promise((r) => setTimeout(r, 30));
    expect(fetchFn.mock.calls.length).toBe(n);
    stop();
  });

  it('an event invalidates the messages query', { timeout: 10_000 }, async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => streamResponse(['event: message\ndata: {"type":11}\n\n'], true)),
    );
    const client = new QueryClient();
    const spy = vi.spyOn(client, 'invalidateQueries');
    function Probe() {
      useMessagePush(true);
      return null;
    }
    const view = render(
      <QueryClientProvider client={client}>
        <Probe />
      </QueryClientProvider>,
    );
    // Once on connecting (missed events), once for the event.
    await waitFor(() => expect(spy.mock.calls.filter((c) => JSON.stringify(c[0]) === JSON.stringify({ queryKey: MESSAGES_KEY })).length).toBe(2), {
      timeout: PUSH_START_DELAY_MS + 2000,
    });
    act(() => view.unmount());
  });
});
