import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { externalSystems, handTokenToSubsystems } from './subsystem-handoff';

const system = (id: string, url: string) => ({ F_Id: id, F_Name: id, F_IndexUrl: url, F_Icon: '' });

describe('sub-system token hand-off', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('only external systems get a frame', () => {
    expect(externalSystems([system('0', ''), system('a', '/wel/hotFunc'), system('b', 'https://b.example.com/app')]).map((s) => s.F_Id)).toEqual(['b']);
  });

  it('posts the token after 2 s to the frame origin and removes the frame after 4 s', () => {
    handTokenToSubsystems([system('b', 'https://b.example.com/app')], 'tok');
    const frame = document.querySelector<HTMLIFrameElement>('iframe[data-handoff="b"]')!;
    expect(frame).not.toBeNull();
    const post = vi.fn();
    Object.defineProperty(frame, 'contentWindow', { value: { postMessage: post } });
    vi.advanceTimersByTime(1999);
    expect(post).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(post).toHaveBeenCalledWith({ type: 'token', token: 'tok' }, 'https://b.example.com');
    vi.advanceTimersByTime(2000);
    expect(document.querySelector('iframe[data-handoff]')).toBeNull();
  });
});
