import { Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { Guard } from './Guard';
import { RouteError } from './RouteError';
import { PageLoading } from './PageLoading';
import { lazyPage } from './lazy';
import { allRoutes } from './features';
import { loadLazyLocales } from '../lib/i18n';

// The shell brings the signed-in screens' message namespaces with it (kept out of the /login bundle).
const Layout = lazyPage(async () => {
  const [m] = await Promise.all([import('./shell/Layout'), loadLazyLocales()]);
  return m;
});
const LockPage = lazyPage(() => import('./lock/LockPage'));

const el = (Page: LazyExoticComponent<ComponentType>) => (
  <Suspense fallback={<PageLoading />}>
    <Page />
  </Suspense>
);

export const routes: RouteObject[] = [
  {
    element: <Guard />,
    errorElement: <RouteError />,
    children: [
      ...allRoutes.filter((r) => r.shell === false).map((r) => ({ path: r.path, element: el(r.page) })),
      { path: '/lock', element: el(LockPage) },
      {
        element: el(Layout),
        errorElement: <RouteError />,
        children: [
          { path: '/', element: <Navigate to="/wel" replace /> },
          { path: '/wel', element: <Navigate to="/wel/index" replace /> },
          { path: '/info', element: <Navigate to="/info/index" replace /> },
          ...allRoutes.filter((r) => r.shell !== false).map((r) => ({ path: r.path, element: el(r.page), errorElement: <RouteError /> })),
        ],
      },
      // Unknown paths go to /404, signed in or not (the guard lets this route through).
      { path: '*', handle: { unknownPath: true }, element: <Navigate to="/404" replace /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
