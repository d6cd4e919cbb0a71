import { Suspense } from 'react';
import { RouterProvider } from 'react-router';
import './auth-actions';
import { Providers } from './Providers';
import { createRouter } from './router';
import { PageLoading } from './PageLoading';

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
