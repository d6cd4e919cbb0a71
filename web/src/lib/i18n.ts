import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { StorageKeys, readString, writeString } from './storage';

export type Lang = 'zh-CN' | 'en';
export const LANGS: Lang[] = ['zh-CN', 'en'];

type Dict = Record<string, unknown>;
/**
 * Namespaces only signed-in screens use: not in the /login bundle, loaded with the shell (loadLazyLocales).
 * Keep this list in step with the negative patterns below (import.meta.glob needs literals).
 */
export const LAZY_NAMESPACES = ['home', 'info', 'layout', 'organisation', 'pickers', 'system', 'oa', 'admin', 'files', 'fileManager', 'data', 'forms', 'formDesigner', 'formRenderer', 'formFields', 'formRelation', 'formPublish', 'formPrint', 'formParser', 'stamp', 'delegate', 'wfTask', 'wfApproval', 'wfShared', 'wfScheme', 'wfDesigner', 'wfMonitor'];
const files = import.meta.glob<Dict>(['../locales/*/*.json', '!../locales/*/home.json', '!../locales/*/info.json', '!../locales/*/layout.json', '!../locales/*/organisation.json', '!../locales/*/pickers.json', '!../locales/*/system.json', '!../locales/*/oa.json', '!../locales/*/admin.json', '!../locales/*/files.json', '!../locales/*/fileManager.json', '!../locales/*/data.json', '!../locales/*/forms.json', '!../locales/*/formDesigner.json', '!../locales/*/formRenderer.json', '!../locales/*/formFields.json', '!../locales/*/formRelation.json', '!../locales/*/formPublish.json', '!../locales/*/formPrint.json', '!../locales/*/formParser.json', '!../locales/*/stamp.json', '!../locales/*/delegate.json', '!../locales/*/wfTask.json', '!../locales/*/wfApproval.json', '!../locales/*/wfShared.json', '!../locales/*/wfScheme.json', '!../locales/*/wfDesigner.json', '!../locales/*/wfMonitor.json'], { eager: true, import: 'default' });
const lazyFiles = import.meta.glob<Dict>(['../locales/*/home.json', '../locales/*/info.json', '../locales/*/layout.json', '../locales/*/organisation.json', '../locales/*/pickers.json', '../locales/*/system.json', '../locales/*/oa.json', '../locales/*/admin.json', '../locales/*/files.json', '../locales/*/fileManager.json', '../locales/*/data.json', '../locales/*/forms.json', '../locales/*/formDesigner.json', '../locales/*/formRenderer.json', '../locales/*/formFields.json', '../locales/*/formRelation.json', '../locales/*/formPublish.json', '../locales/*/formPrint.json', '../locales/*/formParser.json', '../locales/*/stamp.json', '../locales/*/delegate.json', '../locales/*/wfTask.json', '../locales/*/wfApproval.json', '../locales/*/wfShared.json', '../locales/*/wfScheme.json', '../locales/*/wfDesigner.json', '../locales/*/wfMonitor.json'], { import: 'default' });
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

let lazyLoad: Promise<void> | null = null;
/** Loads the lazy namespaces of every language (small) into i18next and localeResources. */
export function loadLazyLocales(): Promise<void> {
  lazyLoad ??= Promise.all(
    Object.entries(lazyFiles).map(async ([file, load]) => {
      const m = localeFile.exec(file);
      if (!m) return;
      const dict = await load();
      (localeResources[m[1]] ??= {})[m[2]] = dict;
      i18n.addResourceBundle(m[1], m[2], dict, true, true);
    }),
  ).then(() => undefined);
  return lazyLoad;
}

export function setLanguage(lang: Lang): void {
  writeString(StorageKeys.language, lang);
  void i18n.changeLanguage(lang);
  document.documentElement.lang = lang;
}

export const currentLanguage = (): Lang => (i18n.language === 'en' ? 'en' : 'zh-CN');

export default i18n;
