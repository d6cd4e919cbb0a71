import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { StorageKeys, readString, writeString } from './storage';

export type Lang = 'zh-CN' | 'en';
export const LANGS: Lang[] = ['zh-CN', 'en'];

type Dict = Record<string, unknown>;
const files = import.meta.glob<Dict>('../locales/*/*.json', { eager: true, import: 'default' });

/** { 'zh-CN': { common: {...}, login: {...} }, en: {...} } built from locales/<lang>/<ns>.json. */
export const localeResources: Record<string, Record<string, Dict>> = {};
for (const [file, dict] of Object.entries(files)) {
  const m = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
  if (!m) continue;
  (localeResources[m[1]] ??= {})[m[2]] = dict;
}
export const namespaces = Object.keys(localeResources['zh-CN'] ?? {});

export function storedLanguage(): Lang {
  const v = readString(StorageKeys.language, 'zh-CN');
  return v === 'en' ? 'en' : 'zh-CN';
}

void i18n.use(initReactI18next).init({
  resources: localeResources,
  lng: storedLanguage(),
  fallbackLng: 'zh-CN',
  ns: namespaces,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initImmediate: false,
  returnNull: false,
} as Parameters<typeof i18n.init>[0]);

export function setLanguage(lang: Lang): void {
  writeString(StorageKeys.language, lang);
  void i18n.changeLanguage(lang);
  document.documentElement.lang = lang;
}

export const currentLanguage = (): Lang => (i18n.language === 'en' ? 'en' : 'zh-CN');

export default i18n;
