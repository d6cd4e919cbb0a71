import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import './lib/i18n';
import { installErrorCapture } from './lib/error-log';
import { tokenRefresher } from './lib/token-refresh';
import './app/auth-actions';
import { Providers } from './app/Providers';
import { createRouter } from './app/router';

installErrorCapture();
tokenRefresher.start();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={createRouter()} />
    </Providers>
  </StrictMode>,
);
