import { createContext, Suspense, useContext, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { PageLoading } from './PageLoading';

/**
 * What a route shows while its page's chunk loads. The router is in the /login bundle, so it only knows the
 * light PageLoading; the shell (a lazy chunk that has antd's Skeleton anyway) provides a skeleton of the
 * content area for the pages inside it.
 */
export const PageFallback = createContext<ReactNode>(null);

/**
 * A lazy page in its own Suspense boundary. The caller gives each route its own key: otherwise every route's
 * boundary is the same one to React, a menu click is a transition, and React keeps the old page up (with no
 * sign of progress) until the new chunk arrives instead of showing the fallback.
 */
export function LazyPage({ page: Page }: { page: LazyExoticComponent<ComponentType> }) {
  const fallback = useContext(PageFallback);
  return (
    <Suspense fallback={fallback ?? <PageLoading />}>
      <Page />
    </Suspense>
  );
}
