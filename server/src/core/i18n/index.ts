import type { FastifyRequest } from 'fastify';
import { en } from './en.js';
import { zhCN, type MessageKey } from './zh-CN.js';

export type { MessageKey };
export type Lang = 'zh-CN' | 'en';
export type MessageParams = Record<string, string | number>;

export const catalogs: Record<Lang, Record<MessageKey, string>> = { 'zh-CN': zhCN, en };

/** Chinese unless the client asks for English first (Accept-Language). */
export function langOf(request: Pick<FastifyRequest, 'headers'>): Lang {
  const header = request.headers['accept-language'];
  const first = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'zh-CN';
}

export function translate(lang: Lang, key: MessageKey, params: MessageParams = {}): string {
  return catalogs[lang][key].replace(/\{(\w+)\}/g, (whole, name: string) => (params[name] === undefined ? whole : String(params[name])));
}
