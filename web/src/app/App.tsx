import { Suspense } from 'react';
import { RouterProvider } from 'react-router';
import './auth-actions';
import { Providers } from './Providers';
import { createRouter, ShellLayout } from './router';
import { PageLoading } from './PageLoading';
import { homeFeature } from '../features/home';

const router = createRouter();

/** The whole application: providers and the router with every feature's routes. */
export function App() {
  return (
    <Providers>
      {/* Pages and overlays have their own boundaries (their code and texts come together, lazyWithTexts); this one
          catches anything outside them. */}
      <Suspense fallback={<PageLoading />}>
        <RouterProvider router={router} />
      </Suspense>
    </Providers>
  );
}

/**
 * Fetches what the first screen after sign-in needs (the shell, the home page and their texts), so that while the
 * user types on the sign-in screen the application gets ready. Only a warm-up: the router loads them anyway.
 */
export function preloadFirstScreen(): Promise<unknown> {
  const home = homeFeature.routes.find((r) => r.path === '/wel/index');
  return Promise.all([ShellLayout.preload(), home?.page.preload()]);
}
