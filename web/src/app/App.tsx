import { Suspense } from 'react';
import { RouterProvider } from 'react-router';
import './auth-actions';
import { Providers } from './Providers';
import { createRouter } from './router';
import { PageLoading } from './PageLoading';
import { loadScreenTexts } from '../lib/i18n';

const router = createRouter();

/** The whole application: providers and the router with every feature's routes. */
export function App() {
  return (
    <Providers>
      {/* Screens fetch their texts when they first render and suspend meanwhile; pages and overlays have their own
          boundaries, this one catches anything outside them. */}
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
  return Promise.all([import('./shell/Layout'), import('../features/home/HomePage'), loadScreenTexts()]);
}
