import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { newId } from '../../core/ids.js';

/** The home page answers each user's own figures, and the tenant-wide ones only to whom may see them. */
let t: TestApp;
const tok: Record<string, string> = {};
const ids: Record<string, string> = {};
let schemeId = '';
let versionId = '';

async function instance(starter: string, state: 'running' | 'suspended' | 'completed', recycled = false) {
  const id = newId();
  await t.deps.db
    .insertInto('wf_instances')
    .values({
      id,
      tenant_id: 'default',
      root_id: id,
      scheme_id: schemeId,
      version_id: versionId,
      name: `home ${state}`,
      state,
      starter_id: ids[starter]!,
      variables: '{}',
      form_keys: '[]',
      related: '[]',
      recycled_at: recycled ? new Date() : null,
    })
    .execute();
  return id;
}

async function task(instanceId: string, user: string, open = true) {
  const id = newId();
  await t.deps.db
    .insertInto('wf_tasks')
    .values({
      id,
      tenant_id: 'default',
      instance_id: instanceId,
      execution_id: newId(),
      node_id: 'n',
      node_name: 'N',
      assignee_id: null,
      owner_id: null,
      returned_from: null,
      state: open ? 'open' : 'done',
    })
    .execute();
  await t.deps.db.insertInto('wf_task_users').values({ task_id: id, user_id: ids[user]!, tenant_id: 'default', instance_id: instanceId, open }).execute();
}

async function message(user: string, read: boolean) {
  await t.deps.db
    .insertInto('messages')
    .values({ id: newId(), tenant_id: 'default', user_id: ids[user]!, type: 11, title: 'm', content: 'm', object_id: null, is_read: read })
    .execute();
}

beforeAll(async () => {
  t = await createTestApp();
  for (const a of ['admin', 'zhangsan', 'lisi']) tok[a] = await t.login(a);
  for (const u of await t.deps.db.selectFrom('users').select(['id', 'account']).where('tenant_id', '=', 'default').execute()) ids[u.account] = u.id;
  schemeId = newId();
  versionId = newId();
  await t.deps.db
    .insertInto('wf_schemes')
    .values({ id: schemeId, tenant_id: 'default', code: 'home', name: 'Home', auth_objects: '[]', current_version_id: null, created_by: null })
    .execute();
  await t.deps.db
    .insertInto('wf_scheme_versions')
    .values({ id: versionId, tenant_id: 'default', scheme_id: schemeId, version: 1, xml: '<definitions/>', graph: '{}', created_by: null })
    .execute();

  // zhangsan: two running applications (one suspended), one finished, one in the recycle bin; two open to-dos, one done.
  const running = await instance('zhangsan', 'running');
  await instance('zhangsan', 'suspended');
  await instance('zhangsan', 'completed');
  await instance('zhangsan', 'running', true);
  const other = await instance('lisi', 'running');
  await task(other, 'zhangsan');
  await task(running, 'zhangsan');
  await task(running, 'zhangsan', false);
  await task(running, 'lisi');
  // Messages: zhangsan three unread, one read; admin none of these.
  for (const read of [false, false, false, true]) await message('zhangsan', read);
  await message('lisi', false);
});
afterAll(() => t.close());

const overview = async (account: string) => {
  const res = await t.get('/api/home/overview', tok[account]);
  expect(res.json().code).toBe(0);
  return res.json().data as Record<string, unknown>;
};

describe('GET /api/home/overview', () => {
  it('an employee gets their own to-dos, applications in progress and unread messages, and no tenant-wide figures', async () => {
    const data = await overview('zhangsan');
    expect(data).toMatchObject({ myTodos: 2, myApplications: 2, unreadMessages: 3 });
    expect(data.myMenus).toBeGreaterThan(0);
    for (const key of ['onlineUsers', 'todayLogins', 'clientErrorsToday']) expect(data).not.toHaveProperty(key);
  });

  it('the administrator gets their own figures and the tenant-wide ones', async () => {
    const data = await overview('admin');
    expect(data).toMatchObject({ myTodos: 0, myApplications: 0, unreadMessages: 0 });
    expect(data.onlineUsers).toBeGreaterThanOrEqual(3);
    expect(data.todayLogins).toBeGreaterThanOrEqual(3);
    expect(data.clientErrorsToday).toEqual(expect.any(Number));
  });

  it('a tenant-wide figure follows its own list permission (the manager may list online users, nothing else)', async () => {
    const data = await overview('lisi');
    expect(data).toMatchObject({ myTodos: 1, myApplications: 1, unreadMessages: 1 });
    expect(data.onlineUsers).toEqual(expect.any(Number));
    expect(data).not.toHaveProperty('todayLogins');
    expect(data).not.toHaveProperty('clientErrorsToday');
  });
});
