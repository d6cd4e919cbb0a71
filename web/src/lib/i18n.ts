import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { StorageKeys, readString, writeString } from './storage';

export type Lang = 'zh-CN' | 'en';
export const LANGS: Lang[] = ['zh-CN', 'en'];

type Dict = Record<string, unknown>;
/**
 * Namespaces bundled with the sign-in screen: what it and the application's frame say before any other screen
 * renders. Every other namespace is fetched, in the current language, with the code of the screen that speaks it
 * (lazyWithTexts). Keep this list in step with the patterns below (import.meta.glob needs literals).
 */
export const BUNDLED_NAMESPACES = ['common', 'errors', 'login', 'menu'];
const files = import.meta.glob<Dict>(['../locales/*/common.json', '../locales/*/errors.json', '../locales/*/login.json', '../locales/*/menu.json'], {
  eager: true,
  import: 'default',
});
const lazyFiles = import.meta.glob<Dict>(
  ['../locales/*/*.json', '!../locales/*/common.json', '!../locales/*/errors.json', '!../locales/*/login.json', '!../locales/*/menu.json'],
  { import: 'default' },
);
const localeFile = /locales\/([^/]+)\/([^/]+)\.json$/;

/** Locale files by `<lang>/<namespace>`: the shared ones here, each feature's own added by registerLocaleFiles. */
export type LocaleFiles = Record<string, () => Promise<Dict>>;
const lazyByNamespace = new Map<string, () => Promise<Dict>>();

/**
 * Adds locale files found by `import.meta.glob('./locales/*\/*.json', { import: 'default' })` (a feature's own
 * namespaces, declared in its manifest). A namespace may have one home only.
 */
export function registerLocaleFiles(files: LocaleFiles): void {
  for (const [file, load] of Object.entries(files)) {
    const m = localeFile.exec(file);
    if (!m) continue;
    const key = `${m[1]}/${m[2]}`;
    if (lazyByNamespace.has(key) && lazyByNamespace.get(key) !== load) throw new Error(`locale namespace ${m[2]} has two homes`);
    lazyByNamespace.set(key, load);
  }
}
registerLocaleFiles(lazyFiles);

/**
 * Adds a feature's menu and tab titles (its `locales/<lang>/menu.json`, bundled: the menu shows before any screen
 * is fetched) to the shared `menu` namespace. A key may not change its text.
 */
export function registerMenuTexts(files: Record<string, Dict>): void {
  for (const [file, dict] of Object.entries(files)) {
    const m = localeFile.exec(file);
    if (!m) continue;
    const menu = ((localeResources[m[1]] ??= {}).menu ??= {});
    for (const [key, text] of Object.entries(dict)) {
      if (key in menu && menu[key] !== text) throw new Error(`menu text ${key} is defined twice`);
      menu[key] = text;
    }
    if (i18n.isInitialized) i18n.addResourceBundle(m[1], 'menu', dict, true, false);
  }
}

/** { 'zh-CN': { common: {...}, login: {...} }, en: {...} } built from locales/<lang>/<ns>.json. */
export const localeResources: Record<string, Record<string, Dict>> = {};
for (const [file, dict] of Object.entries(files)) {
  const m = localeFile.exec(file);
  if (!m) continue;
  (localeResources[m[1]] ??= {})[m[2]] = dict;
}
export const namespaces = Object.keys(localeResources['zh-CN'] ?? {});

export function storedLanguage(): Lang {
  const v = readString(StorageKeys.language, 'zh-CN');
  return v === 'en' ? 'en' : 'zh-CN';
}

/**
 * The other namespaces come from lazy chunks, one per language and namespace, when a screen's code is fetched
 * (lazyWithTexts). Fetching a namespace only when a component first asks for it would suspend, and so hide, the page
 * under a dialog opened for the first time; fetching them with the code means every screen finds its texts ready.
 */
const lazyNamespaceBackend = {
  type: 'backend' as const,
  init: () => undefined,
  read(language: string, namespace: string, callback: (error: unknown, data?: Dict | boolean) => void) {
    const load = lazyByNamespace.get(`${language}/${namespace}`);
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (dict) => {
        (localeResources[language] ??= {})[namespace] = dict;
        callback(null, dict);
      },
      (error: unknown) => callback(error, false),
    );
  },
};

void i18n
  .use(lazyNamespaceBackend)
  .use(initReactI18next)
  .init({
    resources: localeResources,
    // The bundled namespaces are complete; only the lazy ones go through the backend.
    partialBundledLanguages: true,
    lng: storedLanguage(),
    // zh-CN and en have the same keys (locales.test.ts): no fallback language, so a screen in English fetches only
    // the English texts.
    fallbackLng: false,
    ns: namespaces,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initImmediate: false,
    returnNull: false,
  } as Parameters<typeof i18n.init>[0]);

/** Fetches namespaces in the current language (those already loaded cost nothing). */
export function loadTexts(wanted: readonly string[]): Promise<void> {
  return wanted.length ? i18n.loadNamespaces([...wanted]) : Promise.resolve();
}

let everyLocale: Promise<void> | null = null;
/** Every lazy namespace of every language, loaded up front (tests, which render screens without suspense). */
export function loadEveryLocale(): Promise<void> {
  everyLocale ??= Promise.all(
    [...lazyByNamespace].map(async ([key, load]) => {
      const [language, namespace] = key.split('/');
      const dict = await load();
      (localeResources[language] ??= {})[namespace] = dict;
      i18n.addResourceBundle(language, namespace, dict, true, true);
    }),
  ).then(() => undefined);
  return everyLocale;
}

export function setLanguage(lang: Lang): void {
  writeString(StorageKeys.language, lang);
  document.documentElement.lang = lang;
  // i18next fetches every namespace loaded so far in the new language before it switches: no screen on show is
  // caught without its texts.
  void i18n.changeLanguage(lang);
}

export const currentLanguage = (): Lang => (i18n.language === 'en' ? 'en' : 'zh-CN');

export default i18n;
