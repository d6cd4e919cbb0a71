import type { LazyWithTexts } from '../lib/lazy';
import type { LocaleFiles } from '../lib/i18n';

export interface FeatureRoute {
  path: string;
  page: LazyWithTexts;
  /** i18n key of the tab / page title ('ns:key'). */
  titleKey: string;
  /** Inside the main layout (default) or a bare page (login, errors, lock). */
  shell?: boolean;
  /** Public (meta isAuth false). */
  public?: boolean;
  /** Opened as a tab (default true for shell pages). */
  isTab?: boolean;
  /** F_EnCode of the menu entry that must be in the user's menu, else /403. */
  menuCode?: string;
}

export interface Feature {
  name: string;
  routes: FeatureRoute[];
  /** Menu component keys (F_EnCode of the server's menu entries) this feature renders. */
  menuKeys: string[];
  /** Permission keys this feature checks. */
  permissions: string[];
  /**
   * The locale namespaces only this feature speaks, in its own `locales/<lang>/<ns>.json`:
   * `import.meta.glob('./locales/*\/*.json', { import: 'default' })`. Shared namespaces stay in web/src/locales.
   */
  locales?: LocaleFiles;
  /**
   * Its menu and tab titles (`titleKey: 'menu:…'`), merged into the bundled `menu` namespace:
   * `import.meta.glob('./locales/*\/menu.json', { eager: true, import: 'default' })`. Leave menu.json out of
   * `locales` (`'!./locales/*\/menu.json'`).
   */
  menuTexts?: Record<string, Record<string, unknown>>;
}
