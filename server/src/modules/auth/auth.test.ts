import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/harness.js';
import { md5Hex } from '../../core/auth/password.js';
import { TokenService } from '../../core/auth/tokens.js';
import { SESSION_CHECK_TTL_MS } from '../../core/auth/session-guard.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Wrong passwords counted for an account (any letter case, every address), as the lock-out counts them. */
const failures = async (account: string) =>
  Number(
    (
      await t.deps.db
        .selectFrom('login_logs')
        .select((eb) => eb.fn.countAll().as('n'))
        .where(sql`lower(account)`, '=', account.toLowerCase())
        .where('success', '=', false)
        .where('message', '=', 'auth.badCredentials')
        .executeTakeFirstOrThrow()
    ).n,
  );

const loginFrom = (ip: string, account: string, password?: string, lang?: string) => t.loginFrom(ip, account, password, lang);

/** Moves an account's sign-in history back in time, as if the failure window had passed. */
const age = (account: string, minutes: number) =>
  t.deps.db
    .updateTable('login_logs')
    .set({ created_at: sql<Date>`created_at - make_interval(mins => ${minutes})` })
    .where(sql`lower(account)`, '=', account.toLowerCase())
    .execute();

describe('POST /api/login', () => {
  it('signs in with the MD5 of the password and answers Token, UserInfo, FlowableToken', async () => {
    const res = await t.loginResult('admin');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 0, success: true, msg: '登录成功' });
    expect(body.data.Token).toMatch(/^ey/);
    expect(body.data.FlowableToken).toBe(body.data.Token);
    expect(body.data.RefreshToken).toContain('.');
    expect(body.data.UserInfo).toMatchObject({
      F_UserId: 'admin',
      F_Account: 'admin',
      F_RealName: '系统管理员',
      F_TenantId: 'default',
      F_Company: { F_FullName: '演示集团有限公司' },
      F_Department: [{ F_FullName: '总经办' }],
      roles: [{ F_EnCode: 'admin' }],
    });
    expect(body.data.UserInfo.permissions).toContain('system.onlineUser.forceLogout');
    expect(body.data.UserInfo.tokenTime).toBe(t.deps.config.tokenRefreshSeconds);
  });

  it('accepts the account in any letter case and an explicit tenant code', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { account: 'ADMIN', password: md5Hex(DEMO_PASSWORD), code: 'default' } });
    expect(res.json().code).toBe(0);
  });

  it('never stores the password or its MD5', async () => {
    const row = await t.deps.db.selectFrom('users').select('password_hash').where('account', '=', 'admin').executeTakeFirstOrThrow();
    expect(row.password_hash.startsWith('scrypt$')).toBe(true);
    expect(row.password_hash).not.toContain(md5Hex(DEMO_PASSWORD));
  });

  it('refuses a wrong password with the remaining attempts', async () => {
    const res = await t.loginResult('wangwu', 'wrong');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 10400, success: false, msg: '账号或密码错误，还可尝试 4 次' });
    await t.login('wangwu'); // success resets the counter of this address
    expect((await t.loginResult('wangwu', 'wrong')).json().msg).toBe('账号或密码错误，还可尝试 4 次');
    await t.login('wangwu');
  });

  it('refuses an unknown account with the same message and status as a wrong password (no account enumeration)', async () => {
    for (const lang of ['zh-CN', 'en']) {
      const ip = `10.1.0.${lang === 'en' ? 2 : 1}`;
      const known = await loginFrom(ip, 'zhangsan', 'wrong', lang);
      const unknown = await loginFrom(ip, 'nobody-here', 'wrong', lang);
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.json()).toEqual(known.json());
    }
    // Also once the address has run out of attempts: the same refusal, whether the account exists or not.
    const answers = async (account: string) => {
      const all = [];
      for (let i = 0; i < 6; i++) all.push(await loginFrom('10.1.0.3', account, `wrong-${i}`));
      return all.map((a) => [a.statusCode, a.json().msg]);
    };
    expect(await answers('nobody-at-all')).toEqual(await answers('wangwu'));
    await age('wangwu', 16);
  });

  it('spends a password check on an unknown account, so timing does not tell accounts apart', async () => {
    const time = async (account: string) => {
      const started = performance.now();
      await loginFrom('10.1.0.4', account, 'wrong');
      return performance.now() - started;
    };
    await time('zhangsan'); // warm-up
    const known = Math.min(await time('zhangsan'), await time('zhangsan'));
    const unknown = Math.min(await time('nobody-1'), await time('nobody-2'));
    // scrypt dominates both; without the dummy check an unknown account answers many times faster.
    expect(unknown).toBeGreaterThan(known / 3);
    await age('zhangsan', 16);
  });

  it('refuses an unknown tenant code', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { account: 'admin', password: md5Hex(DEMO_PASSWORD), code: 'nope' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe('租户编码不存在');
  });

  it('refuses a disabled account, and a disabled tenant', async () => {
    await t.deps.db.updateTable('users').set({ enabled: false }).where('account', '=', 'zhangsan').execute();
    expect((await t.loginResult('zhangsan')).json().msg).toBe('账号已被禁用，请联系管理员');
    await t.deps.db.updateTable('users').set({ enabled: true }).where('account', '=', 'zhangsan').execute();

    await t.deps.db.insertInto('tenants').values({ id: 'off', code: 'off', name: 'Off', enabled: false }).execute();
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { account: 'admin', password: md5Hex(DEMO_PASSWORD), code: 'off' } });
    expect(res.json().msg).toBe('租户已停用');
  });

  it("five wrong passwords refuse that address for that account, not the owner's address (no lock-out attack)", async () => {
    const attacker = '203.0.113.66';
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) messages.push((await loginFrom(attacker, 'admin', `wrong-${i}`)).json().msg);
    expect(messages).toEqual([
      '账号或密码错误，还可尝试 4 次',
      '账号或密码错误，还可尝试 3 次',
      '账号或密码错误，还可尝试 2 次',
      '账号或密码错误，还可尝试 1 次',
      '账号或密码错误次数过多，请 15 分钟后再试',
    ]);
    // The attacker's address is refused even with the right password, without the password being checked.
    const refused = await loginFrom(attacker, 'admin');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 10429, success: false, msg: '账号或密码错误次数过多，请 15 分钟后再试' });
    expect((await loginFrom(attacker, 'admin', DEMO_PASSWORD, 'en')).json().msg).toBe('Too many wrong passwords, try again in 15 minutes');
    // The owner, from another address, signs in as usual; another account from the attacker's address is not affected.
    expect((await loginFrom('198.51.100.7', 'admin')).json().code).toBe(0);
    expect((await loginFrom(attacker, 'wangwu')).json().code).toBe(0);
    // Once the window has passed, the address may try again.
    await age('admin', 16);
    expect((await loginFrom(attacker, 'admin')).json().code).toBe(0);
  });

  it('counts concurrent failures one by one', async () => {
    const answers = await Promise.all(Array.from({ length: 7 }, (_, i) => loginFrom('10.2.0.1', 'lisi', `bad-${i}`)));
    expect(answers.map((a) => a.json().msg).sort()).toEqual([
      '账号或密码错误次数过多，请 15 分钟后再试',
      '账号或密码错误次数过多，请 15 分钟后再试',
      '账号或密码错误次数过多，请 15 分钟后再试',
      '账号或密码错误，还可尝试 1 次',
      '账号或密码错误，还可尝试 2 次',
      '账号或密码错误，还可尝试 3 次',
      '账号或密码错误，还可尝试 4 次',
    ]);
    expect(await failures('lisi')).toBe(5);
    await age('lisi', 16);
  });

  it('answers in English when asked', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'accept-language': 'en' },
      payload: { account: 'nobody', password: md5Hex('x'), code: '' },
    });
    expect(res.json().msg).toBe('Wrong account or password, 4 attempts left');
  });

  it('answers 400 naming the field for bad bodies, and changes nothing', async () => {
    const before = await failures('admin');
    const cases: unknown[] = [{}, { account: 'admin' }, { account: 'admin', password: 'not-md5' }, { account: '', password: md5Hex('x') }, [], 'text'];
    for (const payload of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: payload as object });
      // A plain-text body is refused as an unsupported media type (415), everything else as 400.
      expect([400, 415], JSON.stringify(payload)).toContain(res.statusCode);
      expect(res.json()).toMatchObject({ code: 10400, success: false });
    }
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { account: 'admin', password: 'plain' } });
    expect(res.json().msg).toContain('body.password');
    const malformed = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{"account":' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().success).toBe(false);
    const huge = await t.app.inject({ method: 'POST', url: '/api/login', payload: { account: 'a'.repeat(2_000_000), password: md5Hex('x') } });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().msg).toBe('请求内容过大');
    expect(await failures('admin')).toBe(before);
  });
});

describe('GET /api/login/{code}', () => {
  it('validates a tenant code', async () => {
    expect((await t.get('/api/login/default')).json()).toMatchObject({ code: 0, data: { F_Code: 'default', F_Name: '演示企业' } });
    expect((await t.get('/api/login/unknown')).json()).toMatchObject({ success: false, msg: '租户编码不存在' });
  });
});

describe('tokens and sessions', () => {
  it('refreshes with the refresh token and rotates it', async () => {
    const login = (await t.loginResult('zhangsan')).json().data;
    const first = await t.send('POST', '/api/user/refesh', { refreshToken: login.RefreshToken });
    expect(first.json()).toMatchObject({ code: 0, success: true });
    const next = first.json().data;
    expect(next.Token).not.toBe(login.Token);
    expect((await t.get('/api/user/getUserInfo', next.Token)).json().data.F_Account).toBe('zhangsan');
    // The used refresh token no longer works; the new one does.
    expect((await t.send('POST', '/api/user/refesh', { refreshToken: login.RefreshToken })).json().code).toBe(10401);
    expect((await t.send('POST', '/api/user/refesh', { refreshToken: next.RefreshToken })).json().code).toBe(0);
  });

  it('a replaced refresh token coming back after the grace time revokes the whole session; within it, a race harms nothing', async () => {
    const login = (await t.loginResult('zhangsan')).json().data;
    const second = (await t.send('POST', '/api/user/refesh', { refreshToken: login.RefreshToken })).json().data;
    // Two tabs refreshing at once: the loser's old token is refused, the session lives on.
    expect((await t.send('POST', '/api/user/refesh', { refreshToken: login.RefreshToken })).json().code).toBe(10401);
    const third = (await t.send('POST', '/api/user/refesh', { refreshToken: second.RefreshToken })).json().data;
    expect(third.Token).toBeTruthy();
    // Later the replaced token comes back: someone holds a copy. The session ends for everyone holding it.
    const sessionId = String(third.RefreshToken).split('.')[0]!;
    await t.deps.db
      .updateTable('sessions')
      .set({ refreshed_at: new Date(Date.now() - 5 * 60_000) })
      .where('id', '=', sessionId)
      .execute();
    expect((await t.send('POST', '/api/user/refesh', { refreshToken: second.RefreshToken })).json().code).toBe(10401);
    expect((await t.send('POST', '/api/user/refesh', { refreshToken: third.RefreshToken })).json().code).toBe(10401);
    expect((await t.get('/api/user/getUserInfo', third.Token)).statusCode).toBe(401);
  });

  it('refreshes with a valid access token alone, and refuses garbage', async () => {
    const token = await t.login('zhangsan');
    expect((await t.send('POST', '/api/user/refesh', undefined, token)).json().code).toBe(0);
    expect((await t.send('POST', '/api/user/refesh', { refreshToken: 'x.y' })).json().code).toBe(10401);
    expect((await t.send('POST', '/api/user/refesh', {}, 'garbage')).statusCode).toBe(401);
  });

  it('logout revokes the session: the old access and refresh tokens are refused', async () => {
    const login = (await t.loginResult('wangwu')).json().data;
    expect((await t.get('/api/user/getUserInfo', login.Token)).json().code).toBe(0);
    expect((await t.send('POST', '/api/user/logout', undefined, login.Token)).json()).toMatchObject({ code: 0, msg: '已退出登录' });
    const after = await t.get('/api/user/getUserInfo', login.Token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 10401, success: false });
    expect((await t.send('POST', '/api/user/refesh', { refreshToken: login.RefreshToken })).json().code).toBe(10401);
  });

  it('GET logout works too, and logout without a token is harmless', async () => {
    const token = await t.login('wangwu');
    expect((await t.get('/api/user/logout', token)).json().code).toBe(0);
    expect((await t.get('/api/user/getUserInfo', token)).json().code).toBe(10401);
    expect((await t.get('/api/user/logout')).json().code).toBe(0);
  });

  it('answers 10401 for garbage, expired and wrongly signed tokens', async () => {
    const token = await t.login('admin');
    const claims = (await t.deps.tokens.verifyAccess(token))!;
    const expired = await new TokenService(t.deps.config.jwtSecret, 60).signAccess(claims, Date.now() - 120_000);
    const otherKey = await new TokenService(new Uint8Array(40).fill(1), 60).signAccess(claims);
    for (const bad of ['garbage', `${token}x`, expired, otherKey]) {
      const res = await t.get('/api/user/getUserInfo', bad);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 10401, success: false, data: null });
    }
  });

  it('a user disabled while signed in is refused on the next call', async () => {
    const token = await t.login('zhangsan');
    await t.deps.db.updateTable('users').set({ enabled: false }).where('account', '=', 'zhangsan').execute();
    t.deps.sessions.forgetUser((await t.deps.tokens.verifyAccess(token))!.userId);
    expect((await t.get('/api/user/getUserInfo', token)).json().code).toBe(10401);
    await t.deps.db.updateTable('users').set({ enabled: true }).where('account', '=', 'zhangsan').execute();
  });

  it('a session revoked by another server process is refused within the cache window', async () => {
    const token = await t.login('wangwu');
    expect((await t.get('/api/user/getUserInfo', token)).json().code).toBe(0);
    await t.deps.db
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('id', '=', (await t.deps.tokens.verifyAccess(token))!.sessionId)
      .execute();
    await new Promise((resolve) => setTimeout(resolve, SESSION_CHECK_TTL_MS + 50));
    expect((await t.get('/api/user/getUserInfo', token)).json().code).toBe(10401);
  });
});

describe('SMS sign-in', () => {
  it('sends a code once a minute and signs in with it once', async () => {
    const phone = '13800000002'; // zhangsan
    const sent = await t.get(`/api/login/send/${phone}`);
    expect(sent.json()).toMatchObject({ code: 0, msg: '验证码已发送' });
    const again = await t.get(`/api/login/send/${phone}`);
    expect(again.statusCode).toBe(429);
    expect(again.json().msg).toMatch(/^验证码发送过于频繁，请 \d+ 秒后再试$/);
    const code = t.sms.at(-1)!.code;
    expect(t.sms.at(-1)!.phone).toBe(phone);
    const wrong = await t.send('POST', '/api/login/phone', { account: phone, password: code === '000000' ? '111111' : '000000', code: '' });
    expect(wrong.json().msg).toBe('验证码错误或已过期');
    const res = await t.send('POST', '/api/login/phone', { account: phone, password: code, code: '' });
    expect(res.json()).toMatchObject({ code: 0, data: { UserInfo: { F_Account: 'zhangsan' } } });
    expect((await t.send('POST', '/api/login/phone', { account: phone, password: code, code: '' })).json().msg).toBe('验证码错误或已过期');
  });

  it('sends one code when asked twice at the same moment', async () => {
    const phone = '13800000003';
    const answers = await Promise.all([t.get(`/api/login/send/${phone}`), t.get(`/api/login/send/${phone}`)]);
    expect(answers.map((a) => a.json().code).sort()).toEqual([0, 10429]);
  });

  it('answers an unregistered or disabled number as a registered one, and sends nothing to it (no enumeration)', async () => {
    const sent = t.sms.length;
    await t.deps.db.updateTable('users').set({ enabled: false }).where('account', '=', 'lisi').execute();
    const disabled = (await t.deps.db.selectFrom('users').select('mobile').where('account', '=', 'lisi').executeTakeFirstOrThrow()).mobile!;
    for (const phone of ['13999999999', disabled]) {
      const first = await t.get(`/api/login/send/${phone}`);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ code: 0, msg: '验证码已发送' });
      // The once-a-minute rule answers the same as well.
      const again = await t.get(`/api/login/send/${phone}`);
      expect(again.statusCode).toBe(429);
      expect(again.json().msg).toMatch(/^验证码发送过于频繁，请 \d+ 秒后再试$/);
    }
    expect(t.sms.length).toBe(sent);
    // No code reached the number, so no guess signs in, and the refusal is the usual one.
    for (const code of ['000000', '123456']) {
      expect((await t.send('POST', '/api/login/phone', { account: '13999999999', password: code })).json().msg).toBe('验证码错误或已过期');
    }
    await t.deps.db.updateTable('users').set({ enabled: true }).where('account', '=', 'lisi').execute();
  });

  it('refuses malformed phones and expired codes', async () => {
    expect((await t.get('/api/login/send/123')).statusCode).toBe(400);
    const phone = '13800000000';
    await t.get(`/api/login/send/${phone}`);
    const code = t.sms.at(-1)!.code;
    await t.deps.db
      .updateTable('sms_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('phone', '=', phone)
      .execute();
    expect((await t.send('POST', '/api/login/phone', { account: phone, password: code })).json().msg).toBe('验证码错误或已过期');
  });
});
