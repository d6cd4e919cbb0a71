import { act, screen } from '@testing-library/react';
import { lazy, startTransition, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/helpers';
import { LazyPage, PageFallback } from './page-fallback';
import { FirstDataProgress, PageSkeleton } from './shell/PageSkeleton';

/** A lazy page whose chunk arrives when the test says so. */
function pendingPage(text: string) {
  let arrive!: () => void;
  const chunk = new Promise<{ default: () => React.JSX.Element }>((resolve) => {
    arrive = () => resolve({ default: () => <p>{text}</p> });
  });
  return { page: lazy(() => chunk), arrive: () => act(async () => arrive()) };
}

describe('page fallback', () => {
  it('shows the top bar and a skeleton in the content area while a page chunk is pending, then the page', async () => {
    const { page, arrive } = pendingPage('用户管理页面');
    renderWithApp(
      <PageFallback.Provider value={<PageSkeleton />}>
        <LazyPage page={page} />
      </PageFallback.Provider>,
    );
    expect(await screen.findByTestId('page-skeleton')).toBeTruthy();
    expect(screen.getByTestId('top-progress')).toBeTruthy();
    await arrive();
    expect(await screen.findByText('用户管理页面')).toBeTruthy();
    expect(screen.queryByTestId('page-skeleton')).toBeNull();
    expect(screen.queryByTestId('top-progress')).toBeNull();
  });

  it('outside the shell, falls back to the light spinner with the top bar', async () => {
    const { page } = pendingPage('登录');
    renderWithApp(<LazyPage page={page} />);
    expect(await screen.findByTestId('page-loading')).toBeTruthy();
    expect(screen.getByTestId('top-progress')).toBeTruthy();
  });

  it('a menu click to another pending page shows the fallback at once instead of keeping the old page', async () => {
    const first = pendingPage('首页');
    const second = pendingPage('在线用户');
    let go!: () => void;
    function Switcher() {
      const [which, setWhich] = useState<'a' | 'b'>('a');
      // The router navigates in a transition, as here.
      go = () => startTransition(() => setWhich('b'));
      return which === 'a' ? <LazyPage key="a" page={first.page} /> : <LazyPage key="b" page={second.page} />;
    }
    renderWithApp(
      <PageFallback.Provider value={<PageSkeleton />}>
        <Switcher />
      </PageFallback.Provider>,
    );
    await first.arrive();
    expect(await screen.findByText('首页')).toBeTruthy();
    await act(async () => go());
    expect(screen.queryByText('首页')).toBeNull();
    expect(screen.getByTestId('page-skeleton')).toBeTruthy();
    await second.arrive();
    expect(await screen.findByText('在线用户')).toBeTruthy();
  });

  it('shows the top bar while a page waits for its first data, not while it refreshes data it has', async () => {
    let answer!: (rows: string[]) => void;
    function Page() {
      const { data } = useQuery({ queryKey: ['rows'], queryFn: () => new Promise<string[]>((resolve) => (answer = resolve)) });
      return <p>{data ? data.join(',') : ''}</p>;
    }
    renderWithApp(
      <>
        <FirstDataProgress />
        <Page />
      </>,
    );
    expect(await screen.findByTestId('top-progress')).toBeTruthy();
    await act(async () => answer(['甲', '乙']));
    expect(await screen.findByText('甲,乙')).toBeTruthy();
    expect(screen.queryByTestId('top-progress')).toBeNull();
  });
});
