import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Area } from '@app/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { md5Hex } from '../../core/auth/password.js';

let t: TestApp;
let admin: string;
let staff: string;
let manager: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, staff, manager] = await Promise.all([t.login('admin'), t.login('zhangsan'), t.login('lisi')]);
});
afterAll(() => t.close());

describe('areas', () => {
  it('31 provinces, children loaded lazily, for every signed-in user', async () => {
    const provinces = (await t.get('/api/areas/province', staff)).json().data as Area[];
    expect(provinces).toHaveLength(31);
    const beijing = provinces.find((p) => p.F_AreaName.startsWith('北京'))!;
    expect(beijing).toMatchObject({ F_ParentId: '0', F_Level: 1, hasChildren: true });
    const cities = (await t.get(`/api/areas/${beijing.F_AreaId}/child`, staff)).json().data as Area[];
    expect(cities.length).toBeGreaterThan(0);
    expect(cities[0]).toMatchObject({ F_ParentId: beijing.F_AreaId, F_Level: 2, hasChildren: true });
    const districts = (await t.get(`/api/areas/${cities[0].F_AreaId}/child`, staff)).json().data as Area[];
    expect(districts.length).toBeGreaterThan(5);
    expect(districts.every((d) => d.F_Level === 3 && !d.hasChildren)).toBe(true);
    expect((await t.get(`/api/areas/${districts[0].F_AreaId}/child`, staff)).json().data).toEqual([]);
    expect((await t.get('/api/areas/999999/child', staff)).statusCode).toBe(404);
    expect((await t.get('/api/areas/province')).statusCode).toBe(401);
  });

  it('add, rename, delete with the rules', async () => {
    const provinces = (await t.get('/api/areas/province', admin)).json().data as Area[];
    const province = provinces[0];
    const city = ((await t.get(`/api/areas/${province.F_AreaId}/child`, admin)).json().data as Area[])[0];
    const district = ((await t.get(`/api/areas/${city.F_AreaId}/child`, admin)).json().data as Area[])[0];
    expect((await t.send('POST', '/api/areas', { F_AreaId: '990000', F_AreaName: '测试省' }, staff)).statusCode).toBe(403);
    expect((await t.send('POST', '/api/areas', { F_AreaId: '990000', F_AreaName: '测试省' }, manager)).statusCode).toBe(403);
    expect((await t.send('POST', '/api/areas', { F_AreaId: '990000', F_AreaName: '测试省', F_SortCode: 99 }, admin)).json()).toMatchObject({
      code: 0,
      msg: '新增成功',
    });
    expect((await t.get('/api/areas/province', admin)).json().data).toHaveLength(32);
    expect((await t.send('POST', '/api/areas', { F_AreaId: '990100', F_AreaName: '测试市', F_ParentId: '990000' }, admin)).json().code).toBe(0);
    expect((await t.get('/api/areas/990000/child', admin)).json().data).toEqual([
      { F_AreaId: '990100', F_AreaName: '测试市', F_ParentId: '990000', F_Level: 2, F_SortCode: 0, hasChildren: false },
    ]);
    expect((await t.send('POST', '/api/areas', { F_AreaId: '990000', F_AreaName: 'x' }, admin)).statusCode).toBe(409);
    expect((await t.send('POST', '/api/areas', { F_AreaId: '990001', F_AreaName: 'x', F_ParentId: 'missing' }, admin)).json().msg).toBe('上级区域不存在');
    expect((await t.send('POST', '/api/areas', { F_AreaId: '990002', F_AreaName: 'x', F_ParentId: district.F_AreaId }, admin)).json().msg).toBe(
      '区域最多三级（省、市、区县）',
    );
    expect((await t.send('POST', '/api/areas', { F_AreaId: 'abc', F_AreaName: 'x' }, admin)).statusCode).toBe(400);
    expect((await t.send('POST', '/api/areas', { F_AreaId: '990003', F_AreaName: '' }, admin)).statusCode).toBe(400);
    expect((await t.send('PUT', '/api/areas/990100', { F_AreaName: '测试市二' }, admin)).json().code).toBe(0);
    expect((await t.get('/api/areas/990000/child', admin)).json().data[0].F_AreaName).toBe('测试市二');
    expect((await t.send('PUT', '/api/areas/000000', { F_AreaName: 'x' }, admin)).statusCode).toBe(404);
    expect((await t.send('DELETE', '/api/areas/990000', undefined, admin)).json().msg).toBe('该区域下还有下级区域，不能删除');
    expect((await t.send('DELETE', '/api/areas/990100', undefined, staff)).statusCode).toBe(403);
    expect((await t.send('DELETE', '/api/areas/990100', undefined, admin)).json()).toMatchObject({ code: 0, msg: '删除成功' });
    expect((await t.send('DELETE', '/api/areas/990000', undefined, admin)).json().code).toBe(0);
    expect((await t.send('DELETE', '/api/areas/990000', undefined, admin)).statusCode).toBe(404);
  });

  it("another tenant's administrator cannot change areas even with the buttons", async () => {
    await t.send('POST', '/api/tenant', { F_EnCode: 'gamma', F_FullName: 'Gamma', moduleIds: ['system-area'], adminPassword: md5Hex('Gamma@123') }, admin);
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { account: 'admin', password: md5Hex('Gamma@123'), code: 'gamma' } });
    const gamma = login.json().data.Token as string;
    expect((await t.get('/api/areas/province', gamma)).json().data).toHaveLength(31);
    const res = await t.send('POST', '/api/areas', { F_AreaId: '990000', F_AreaName: 'x' }, gamma);
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('只有平台（默认租户）的用户可以执行此操作');
    expect((await t.send('DELETE', '/api/areas/110000', undefined, gamma)).statusCode).toBe(403);
  });
});
