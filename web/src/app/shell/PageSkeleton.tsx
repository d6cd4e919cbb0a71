import { Skeleton } from 'antd';
import { useIsFetching } from '@tanstack/react-query';
import { TopProgress } from '../TopProgress';

/** The content area while a page's chunk loads: the top bar and a skeleton where the page will be. */
export function PageSkeleton() {
  return (
    <div data-testid="page-skeleton" aria-busy="true" style={{ padding: 12 }}>
      <TopProgress />
      <Skeleton active title={{ width: '30%' }} paragraph={{ rows: 8 }} />
    </div>
  );
}

/**
 * The top bar while a query that has no data yet is loading (a page's first data, after its chunk). Refetches
 * of data already on the screen do not show it: the screen is usable meanwhile.
 */
export function FirstDataProgress() {
  const loading = useIsFetching({ predicate: (query) => query.state.data === undefined && query.state.status === 'pending' });
  return loading > 0 ? <TopProgress /> : null;
}
