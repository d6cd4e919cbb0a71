import type { FastifyRequest } from 'fastify';
import { coreMessages } from './core-messages.js';
import { type Catalogue, type KeysOf, type Lang } from './define.js';

export { defineMessages, type Catalogue, type KeysOf, type Lang } from './define.js';

/**
 * Every known message key. Core's keys are here; each module adds its own by declaration merging in its
 * `messages.ts` (`declare module '…/core/i18n/index.js' { interface MessageRegistry extends KeysOf<…> {} }`),
 * so a key nobody defines does not compile.
 */
export interface MessageRegistry extends KeysOf<typeof coreMessages> {}

export type MessageKey = keyof MessageRegistry & string;
export type MessageParams = Record<string, string | number>;

/** The texts of every registered catalogue, by language. */
export const catalogs: Record<Lang, Record<string, string>> = { 'zh-CN': {}, en: {} };

/**
 * Adds a module's catalogue. Two modules may not define one key differently: the second registration throws,
 * naming the key. Registering the same catalogue again (each app built in a test run) changes nothing.
 */
export function registerMessages(catalogue: Catalogue): void {
  for (const lang of Object.keys(catalogs) as Lang[]) {
    for (const [key, text] of Object.entries(catalogue[lang])) {
      const known = catalogs[lang][key];
      if (known !== undefined && known !== text) throw new Error(`message key ${key} is defined twice`);
      catalogs[lang][key] = text;
    }
  }
}

registerMessages(coreMessages);

/** Chinese unless the client asks for English first (Accept-Language). */
export function langOf(request: Pick<FastifyRequest, 'headers'>): Lang {
  const header = request.headers['accept-language'];
  const first = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'zh-CN';
}

export function translate(lang: Lang, key: MessageKey, params: MessageParams = {}): string {
  // A key whose module was not registered answers itself, so the gap is visible instead of a crash mid-answer.
  const text = catalogs[lang][key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (params[name] === undefined ? whole : String(params[name])));
}
