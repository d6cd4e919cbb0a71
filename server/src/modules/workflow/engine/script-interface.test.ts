import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createProcessBody } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { authOf, deployScheme, userIds } from '../../../test/workflow-fixtures.js';
import { loadFixture } from '../fixtures/index.js';
import { engineOf } from './index.js';

/** A script task calling a Data platform Interface (a local service on 127.0.0.1, allowed by the test configuration). */

let t: TestApp;
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const days = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('days'));
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ data: { level: days > 3 ? 'high' : 'low' } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
  server?.close();
});

describe('script task: interface action', () => {
  it('calls the interface as the starter and branches on its answer', async () => {
    const admin = await t.login('admin');
    const created = await t.send(
      'POST',
      '/api/interface',
      {
        F_Code: 'leave-level',
        F_Name: 'level',
        F_Method: 'GET',
        F_Url: `${base}/level?days={{days}}`,
        F_Headers: [],
        F_BodyTemplate: '',
        F_ResponsePath: 'data.level',
        F_TimeoutMs: 5000,
        F_Description: '',
      },
      admin,
    );
    expect(created.json(), JSON.stringify(created.json())).toMatchObject({ code: 0 });
    const ids = await userIds(t);
    const config = JSON.stringify({
      actions: [{ type: 'interface', interfaceId: 'leave-level', params: { days: 'days' }, resultVariable: 'level' }],
    }).replaceAll('"', '&quot;');
    const xml = loadFixture('script', ids).replace(/<wf:config>\{&quot;actions&quot;.*?<\/wf:config>/, `<wf:config>${config}</wf:config>`);
    const { schemeId } = await deployScheme(t, { code: 'script-interface', xml });
    const zhangsan = await authOf(t, 'zhangsan');
    for (const [days, node] of [
      [7, 'high'],
      [1, 'low'],
    ] as const) {
      const answer = await engineOf(t.deps).start(
        zhangsan,
        createProcessBody.parse({ schemeId, formValue: [{ F_FormId: 'sys', F_Type: 1, formData: { days } }] }),
      );
      const task = await t.deps.db.selectFrom('wf_tasks').select('node_id').where('instance_id', '=', answer.processInstanceId).executeTakeFirstOrThrow();
      expect(task.node_id).toBe(node);
    }
  });
});
