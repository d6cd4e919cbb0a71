import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { StorageKeys, readString, writeString } from './storage';

export type Lang = 'zh-CN' | 'en';
export const LANGS: Lang[] = ['zh-CN', 'en'];

type Dict = Record<string, unknown>;
/**
 * Namespaces bundled with the sign-in screen: what it and the application's frame say before any feature screen
 * renders. Every other namespace (every feature's, and any new one) is fetched with the shell (loadScreenTexts).
 * Keep this list in step with the patterns below (import.meta.glob needs literals).
 */
export const BUNDLED_NAMESPACES = ['common', 'errors', 'login', 'menu'];
const files = import.meta.glob<Dict>(['../locales/*/common.json', '../locales/*/errors.json', '../locales/*/login.json', '../locales/*/menu.json'], { eager: true, import: 'default' });
const lazyFiles = import.meta.glob<Dict>(['../locales/*/*.json', '!../locales/*/common.json', '!../locales/*/errors.json', '!../locales/*/login.json', '!../locales/*/menu.json'], { import: 'default' });
const localeFile = /locales\/([^/]+)\/([^/]+)\.json$/;

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
 * The signed-in screens' namespaces are not in the sign-in bundle. They are fetched, in the current language only,
 * before the shell renders (loadScreenTexts), and a language switch fetches them in the new language before it
 * switches. Every screen, dialog and picker then finds its texts ready: fetching a namespace only when a component
 * first asked for it made a dialog's first opening suspend, and so hide, the page under it.
 */
const lazyNamespaceBackend = {
  type: 'backend' as const,
  init: () => undefined,
  read(language: string, namespace: string, callback: (error: unknown, data?: Dict | boolean) => void) {
    const load = lazyFiles[`../locales/${language}/${namespace}.json`];
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
    fallbackLng: 'zh-CN',
    ns: namespaces,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initImmediate: false,
    returnNull: false,
  } as Parameters<typeof i18n.init>[0]);

/** Every namespace fetched on demand (all but the bundled ones). */
const lazyNamespaces = [...new Set(Object.keys(lazyFiles).map((file) => localeFile.exec(file)?.[2]).filter((ns): ns is string => !!ns))];
let screenTextsWanted = false;

/** The texts of every signed-in screen in the current language: the shell waits for them. */
export function loadScreenTexts(): Promise<void> {
  screenTextsWanted = true;
  return i18n.loadNamespaces(lazyNamespaces);
}

let everyLocale: Promise<void> | null = null;
/** Every lazy namespace of every language, loaded up front (tests, which render screens without suspense). */
export function loadEveryLocale(): Promise<void> {
  everyLocale ??= Promise.all(
    Object.entries(lazyFiles).map(async ([file, load]) => {
      const m = localeFile.exec(file);
      if (!m) return;
      const dict = await load();
      (localeResources[m[1]] ??= {})[m[2]] = dict;
      i18n.addResourceBundle(m[1], m[2], dict, true, true);
    }),
  ).then(() => undefined);
  return everyLocale;
}

export function setLanguage(lang: Lang): void {
  writeString(StorageKeys.language, lang);
  document.documentElement.lang = lang;
  // Once the screens are loaded, their texts in the new language arrive before the switch (no screen is caught
  // without its texts).
  if (screenTextsWanted) void i18n.reloadResources([lang], lazyNamespaces).then(() => i18n.changeLanguage(lang));
  else void i18n.changeLanguage(lang);
}

export const currentLanguage = (): Lang => (i18n.language === 'en' ? 'en' : 'zh-CN');

export default i18n;
