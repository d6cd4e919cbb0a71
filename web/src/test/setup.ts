import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { loadEveryLocale } from '../lib/i18n';
// The feature list registers each feature's own locale files.
import '../app/features';

// Screens fetch their namespaces when they first render (and suspend meanwhile); tests get them all up front.
await loadEveryLocale();

// CI runs several suites side by side on two cores: findBy/waitFor get more than the 1 s default.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks these; antd needs them.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}
class RO {
  observe() {}
  unobserve() {}
  disconnect() {}
}
(globalThis as unknown as { ResizeObserver: typeof RO }).ResizeObserver ??= RO;
// jsdom does not implement pseudo elements; rc-component asks for ::-webkit-scrollbar.
window.getComputedStyle = (
  (orig) => (el: Element) =>
    orig(el)
)(window.getComputedStyle.bind(window));

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
