import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { catalogs, langOf, translate } from './index.js';
import { modules } from '../../modules/index.js';

describe('server messages', () => {
  it('registers the catalogue of every module folder that has one', () => {
    const folders = fs.readdirSync(new URL('../../modules/', import.meta.url), { withFileTypes: true }).filter((d) => d.isDirectory());
    const withMessages = folders.filter((d) => fs.existsSync(new URL(`../../modules/${d.name}/messages.ts`, import.meta.url))).map((d) => d.name);
    expect(
      modules
        .filter((m) => m.messages)
        .map((m) => m.name)
        .sort(),
    ).toEqual(withMessages.sort());
    expect(modules.map((m) => m.name).sort()).toEqual(folders.map((d) => d.name).sort());
  });

  it('has the same keys in zh-CN and en', () => {
    expect(Object.keys(catalogs.en).sort()).toEqual(Object.keys(catalogs['zh-CN']).sort());
  });

  it('has no empty message', () => {
    for (const catalog of Object.values(catalogs)) for (const text of Object.values(catalog)) expect(text.trim()).not.toBe('');
  });

  it('uses the same placeholders in both languages', () => {
    const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(catalogs['zh-CN']) as (keyof (typeof catalogs)['en'])[]) {
      expect(names(catalogs.en[key]), key).toEqual(names(catalogs['zh-CN'][key]));
    }
  });

  it('picks English only when the client asks for it first', () => {
    expect(langOf({ headers: { 'accept-language': 'en-US,en;q=0.9' } })).toBe('en');
    expect(langOf({ headers: { 'accept-language': 'zh-CN,en;q=0.5' } })).toBe('zh-CN');
    expect(langOf({ headers: {} })).toBe('zh-CN');
  });

  it('fills parameters', () => {
    expect(translate('zh-CN', 'auth.remainingAttempts', { remaining: 3 })).toBe('账号或密码错误，还可尝试 3 次');
    expect(translate('en', 'auth.tooManyFailures', { minutes: 15 })).toBe('Too many wrong passwords, try again in 15 minutes');
  });
});
