import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import './lib/i18n';
import { installErrorCapture } from './lib/error-log';
import { tokenRefresher } from './lib/token-refresh';
import { getSession, sessionStore } from './lib/session';

installErrorCapture();
tokenRefresher.start();

const root = createRoot(document.getElementById('root')!);
const render = (node: ReactNode) => root.render(<StrictMode>{node}</StrictMode>);
const loadApp = () => import('./app/App');

async function showApp() {
  const { App } = await loadApp();
  render(<App />);
}

async function showSignIn() {
  const { SignInApp } = await import('./app/SignInApp');
  render(<SignInApp />);
  // Signed in: the application takes over at /login, and its guard sends the user on to where they were going.
  const stop = sessionStore.subscribe(() => {
    if (!sessionStore.get()) return;
    stop();
    void showApp();
  });
  // While the user types, the application and its first screen are fetched in the background, so signing in
  // does not wait for them.
  const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 1500));
  idle(() => void loadApp().then((app) => app.preloadFirstScreen()));
}

// A cold visit to the sign-in page needs only the sign-in screen; everything else needs the application.
if (!getSession() && window.location.pathname === '/login') void showSignIn();
else void showApp();
