import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { Guard } from './Guard';
import { AppFrame } from './AppFrame';
import { useSession } from '../lib/session';
import { RouteError } from './RouteError';
import { LazyPage } from './page-fallback';
import { lazyWithTexts } from '../lib/lazy';
import { allRoutes } from './features';

/** The frame around every signed-in page: menus, tabs, the message bell and the workflow overlays' launchers. */
export const ShellLayout = lazyWithTexts(() => import('./shell/Layout'), ['layout', 'oa']);
const LockPage = lazyWithTexts(() => import('./lock/LockPage'), ['layout']);

// Keyed by route path (not by address: /form-publish/* keeps its page while its sub-path changes).
const el = (page: Parameters<typeof LazyPage>[0]['page'], key: string) => <LazyPage key={key} page={page} />;

/**
 * The shell around the signed-in pages. Signed out, the guard lets only public pages through to here (a shared
 * report's frame, guard-rules.ts), and they show bare.
 */
function ShellOrBare() {
  const session = useSession();
  return session ? (
    el(ShellLayout, 'shell')
  ) : (
    <AppFrame>
      <Outlet />
    </AppFrame>
  );
}

export const routes: RouteObject[] = [
  {
    element: <Guard />,
    errorElement: <RouteError />,
    children: [
      ...allRoutes.filter((r) => r.shell === false).map((r) => ({ path: r.path, element: el(r.page, r.path) })),
      { path: '/lock', element: el(LockPage, '/lock') },
      {
        element: <ShellOrBare />,
        errorElement: <RouteError />,
        children: [
          { path: '/', element: <Navigate to="/wel" replace /> },
          { path: '/wel', element: <Navigate to="/wel/index" replace /> },
          { path: '/info', element: <Navigate to="/info/index" replace /> },
          ...allRoutes.filter((r) => r.shell !== false).map((r) => ({ path: r.path, element: el(r.page, r.path), errorElement: <RouteError /> })),
        ],
      },
      // Unknown paths go to /404, signed in or not (the guard lets this route through).
      { path: '*', handle: { unknownPath: true }, element: <Navigate to="/404" replace /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
