import { describe, expect, it } from 'vitest';
import { BUNDLED_NAMESPACES, localeResources } from '../lib/i18n';

function keys(obj: unknown, prefix = ''): string[] {
  if (obj && typeof obj === 'object') return Object.entries(obj).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  return [prefix];
}

describe('locale files', () => {
  const zh = localeResources['zh-CN'];
  const en = localeResources.en;
  it('have the same namespaces in zh-CN and en', () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(zh).length).toBeGreaterThan(5);
  });
  for (const ns of Object.keys(zh)) {
    it(`namespace ${ns} has the same keys in zh-CN and en`, () => {
      expect(keys(en[ns]).sort()).toEqual(keys(zh[ns]).sort());
      for (const k of keys(zh[ns])) expect(k).not.toBe('');
    });
  }
  it('include the namespaces bundled with the sign-in screen', () => {
    for (const ns of BUNDLED_NAMESPACES) expect(Object.keys(zh)).toContain(ns);
  });
  it('keeps the spec texts verbatim in zh-CN', () => {
    const oa = zh.oa as { msg: Record<string, string> };
    expect(oa.msg).toEqual({
      readAllFailed: '全部设置消息已读失败',
      nothingUnread: '没有更多消息需要设置已读了',
      readFailed: '设置消息已读失败',
      alreadyRead: '此条消息已读',
    });
    expect((zh.errors as Record<string, string>).unknown).toBe('未知错误');
    expect((zh.errors as Record<string, string>).taskIdNull).toBe('流程配置不合法，请确认后再发起流程');
    const layout = zh.layout as { theme: { switching: string }; lock: { passwordRequired: string } };
    expect(layout.theme.switching).toBe('正在切换主题');
    expect(layout.lock.passwordRequired).toBe('锁屏密码不能为空');
  });
});
