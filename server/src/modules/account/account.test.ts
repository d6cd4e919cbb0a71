import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/harness.js';
import { md5Hex } from '../../core/auth/password.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('current user', () => {
  it('getUserInfo and the form-encoded getCurUserInfo answer the same user', async () => {
    const token = await t.login('zhangsan');
    const a = (await t.get('/api/user/getUserInfo', token)).json();
    const b = (
      await t.app.inject({
        method: 'POST',
        url: '/api/user_/getCurUserInfo',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'a=1',
      })
    ).json();
    expect(a.data.F_Account).toBe('zhangsan');
    expect(b.data).toEqual(a.data);
    expect(a.data.F_Department).toEqual([{ F_DepartmentId: expect.any(String), F_FullName: '研发一组' }]);
  });

  it('changes the password only with the old one, and ends the other sessions', async () => {
    const other = await t.login('wangwu');
    const token = await t.login('wangwu');
    const me = (await t.get('/api/user/getUserInfo', token)).json().data.F_UserId;
    const url = `/api/users/${me}/updatePassword`;
    expect((await t.send('PUT', url, { oldPassword: md5Hex('wrong'), newPassword: md5Hex('New@1') }, token)).json().msg).toBe('原密码错误');
    expect((await t.send('PUT', url, { oldPassword: md5Hex(DEMO_PASSWORD), newPassword: md5Hex(DEMO_PASSWORD) }, token)).json().msg).toBe(
      '新密码不能与原密码相同',
    );
    expect((await t.send('PUT', url, { newPassword: md5Hex('x') }, token)).statusCode).toBe(400);
    const ok = await t.send('PUT', url, { oldPassword: md5Hex(DEMO_PASSWORD), newPassword: md5Hex('New@1') }, token);
    expect(ok.json()).toMatchObject({ code: 0, msg: '密码修改成功，请重新登录' });
    expect((await t.get('/api/user/getUserInfo', other)).json().code).toBe(10401);
    expect((await t.get('/api/user/getUserInfo', token)).json().code).toBe(0);
    expect((await t.loginResult('wangwu')).json().success).toBe(false);
    await t.login('wangwu', 'New@1');
  });

  it("refuses to change someone else's password or profile", async () => {
    const token = await t.login('zhangsan');
    const res = await t.send('PUT', '/api/users/admin/updatePassword', { oldPassword: md5Hex(DEMO_PASSWORD), newPassword: md5Hex('x1') }, token);
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('只能修改自己的账号信息');
    expect((await t.send('PUT', '/api/users/admin/profile', { F_RealName: 'x', F_Gender: 0 }, token)).statusCode).toBe(403);
    expect((await t.loginResult('admin')).json().success).toBe(true);
  });

  it('head icon: null until set, then the data URL; other tenants cannot read it', async () => {
    const token = await t.login('admin');
    expect((await t.get('/api/users/admin/head-icon', token)).json()).toMatchObject({ code: 0, data: null });
    const icon = 'data:image/png;base64,iVBORw0KGgo=';
    expect((await t.send('PUT', '/api/users/admin/head-icon', { F_HeadIcon: icon }, token)).json().code).toBe(0);
    expect((await t.get('/api/users/admin/head-icon', token)).json().data).toBe(icon);
    expect((await t.send('PUT', '/api/users/admin/head-icon', { F_HeadIcon: 'javascript:alert(1)' }, token)).statusCode).toBe(400);
    expect((await t.get('/api/users/nobody/head-icon', token)).statusCode).toBe(404);
  });

  it('updates the profile with validation', async () => {
    const token = await t.login('zhangsan');
    const me = (await t.get('/api/user/getUserInfo', token)).json().data.F_UserId;
    expect((await t.send('PUT', `/api/users/${me}/profile`, { F_RealName: '张三丰', F_Mobile: '123', F_Gender: 0 }, token)).statusCode).toBe(400);
    expect(
      (await t.send('PUT', `/api/users/${me}/profile`, { F_RealName: '张三丰', F_Mobile: '13900000000', F_Email: 'z@example.com', F_Gender: 1 }, token)).json()
        .code,
    ).toBe(0);
    expect((await t.get('/api/user/getUserInfo', token)).json().data).toMatchObject({ F_RealName: '张三丰', F_Mobile: '13900000000', F_Gender: 1 });
    // A field left out keeps its value; an empty one clears it.
    expect((await t.send('PUT', `/api/users/${me}/profile`, { F_RealName: '张三', F_Gender: 1 }, token)).json().code).toBe(0);
    expect((await t.get('/api/user/getUserInfo', token)).json().data).toMatchObject({ F_RealName: '张三', F_Mobile: '13900000000', F_Email: 'z@example.com' });
    expect((await t.send('PUT', `/api/users/${me}/profile`, { F_RealName: '张三', F_Email: '', F_Gender: 1 }, token)).json().code).toBe(0);
    expect((await t.get('/api/user/getUserInfo', token)).json().data).toMatchObject({ F_Mobile: '13900000000', F_Email: null });
  });
});
