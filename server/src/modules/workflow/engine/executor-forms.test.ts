import { DEFAULT_LINK_ID, createProcessBody, taskHandleBody } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../../../core/deps.js';
import { AppError } from '../../../core/errors.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { authOf, deployScheme, userIds } from '../../../test/workflow-fixtures.js';
import { field } from '../../form-scheme/test-fields.js';
import { loadFixture } from '../fixtures/index.js';
import { engineOf } from './index.js';

/** Form data saved by the engine in its own transaction: committed with the action, rolled back with it. */

let t: TestApp;
let ids: Record<string, string>;
let zhangsan: AuthContext;
let lisi: AuthContext;
let formId: string;
const table = `wf_leave_${Date.now().toString(36)}`;

beforeAll(async () => {
  t = await createTestApp();
  ids = await userIds(t);
  zhangsan = await authOf(t, 'zhangsan');
  lisi = await authOf(t, 'lisi');
  const admin = await t.login('admin');
  const res = await t.send(
    'POST',
    '/api/form-scheme/customtable',
    {
      F_Name: 'leave',
      F_Type: 0,
      F_Scheme: { data: [field(1, 'F_Name', 'input', { maxlength: 20 }, { required: true }), field(2, 'days', 'number', { precision: 0 })] },
      tableInfo: [{ dbId: DEFAULT_LINK_ID, name: table, type: 'main' }],
    },
    admin,
  );
  expect(res.json(), JSON.stringify(res.json())).toMatchObject({ code: 0 });
  formId = res.json().data.F_Id;
  // The manager may edit the name (required there) and nothing else; the team lead's node names no field.
  const authority = { [formId]: [{ formId: 1, view: true, edit: true, required: true }] };
  const xml = loadFixture('exclusive', ids).replace(
    `{&quot;candidates&quot;:[{&quot;type&quot;:&quot;user&quot;,&quot;ids&quot;:[&quot;${ids.lisi}&quot;]}]}`,
    JSON.stringify({ candidates: [{ type: 'user', ids: [ids.lisi] }], formAuthority: authority }).replaceAll('"', '&quot;'),
  );
  await deployScheme(t, { code: 'leave-form', xml, forms: [{ form_id: formId }] });
}, 60_000);
afterAll(() => t?.close());

const rows = async () =>
  (await (await t.deps.links.forLink(zhangsan.tenantId, DEFAULT_LINK_ID)).execute(`select * from "${table}" order by "F_Name"`, [])).rows;
const schemeId = async () => (await t.deps.db.selectFrom('wf_schemes').select('id').where('code', '=', 'leave-form').executeTakeFirstOrThrow()).id;

describe('forms in the engine transaction', () => {
  it('launch stores the record, the key in form_keys, and conditions read its values', async () => {
    const answer = await engineOf(t.deps).start(
      zhangsan,
      createProcessBody.parse({ schemeId: await schemeId(), formValue: [{ F_FormId: formId, F_Type: 0, formData: { F_Name: 'a', days: 5 } }] }),
    );
    expect(answer.retCode).toBe(0);
    const instance = await t.deps.db.selectFrom('wf_instances').select(['form_keys']).where('id', '=', answer.processInstanceId).executeTakeFirstOrThrow();
    const stored = await rows();
    expect(stored.map((r) => r.F_Name)).toEqual(['a']);
    expect(instance.form_keys[0]).toMatchObject({ F_FormId: formId, F_Id: stored[0]!.F_Id });
    const task = await t.deps.db.selectFrom('wf_tasks').select(['id', 'node_id']).where('instance_id', '=', answer.processInstanceId).executeTakeFirstOrThrow();
    expect(task.node_id).toBe('long');

    // The approver edits the record; a refused save (validation) leaves the task open and the record as it was.
    const bad = await engineOf(t.deps)
      .handle(
        lisi,
        taskHandleBody.parse({ taskId: task.id, btnValue: 'agree_', formValue: [{ F_FormId: formId, F_Type: 0, formData: { F_Name: '', days: 5 } }] }),
      )
      .then(
        () => 'ok',
        (e: unknown) => (e instanceof AppError ? e.key : String(e)),
      );
    expect(bad).toBe('forms.invalidData');
    expect(await t.deps.db.selectFrom('wf_tasks').select('state').where('id', '=', task.id).executeTakeFirstOrThrow()).toEqual({ state: 'open' });
    await engineOf(t.deps).handle(
      lisi,
      taskHandleBody.parse({ taskId: task.id, btnValue: 'agree_', formValue: [{ F_FormId: formId, F_Type: 0, formData: { F_Name: 'b', days: 6 } }] }),
    );
    // The name changed; the days are not the approver's to change and stay as the applicant gave them.
    expect((await rows()).map((r) => [r.F_Name, Number(r.days)])).toEqual([['b', 5]]);
    const history = await t.deps.db
      .selectFrom('wf_history')
      .select(['field_changes', 'user_id', 'node_id'])
      .where('task_id', '=', task.id)
      .executeTakeFirstOrThrow();
    expect(history).toEqual({ field_changes: [{ field: 'F_Name', label: 'F_Name', old: 'a', new: 'b' }], user_id: ids.lisi, node_id: 'long' });
  });

  it('an approval node that names no field changes nothing, whatever the approver sends', async () => {
    const answer = await engineOf(t.deps).start(
      zhangsan,
      createProcessBody.parse({ schemeId: await schemeId(), formValue: [{ F_FormId: formId, F_Type: 0, formData: { F_Name: 'short', days: 1 } }] }),
    );
    const task = await t.deps.db.selectFrom('wf_tasks').select(['id', 'node_id']).where('instance_id', '=', answer.processInstanceId).executeTakeFirstOrThrow();
    expect(task.node_id).toBe('short');
    const wangwu = await authOf(t, 'wangwu');
    await engineOf(t.deps).handle(
      wangwu,
      taskHandleBody.parse({ taskId: task.id, btnValue: 'agree_', formValue: [{ F_FormId: formId, F_Type: 0, formData: { F_Name: 'hijacked', days: 999 } }] }),
    );
    const stored = (await rows()).find((r) => r.F_Name === 'short' || r.F_Name === 'hijacked')!;
    expect([stored.F_Name, Number(stored.days)]).toEqual(['short', 1]);
    const history = await t.deps.db.selectFrom('wf_history').select('field_changes').where('task_id', '=', task.id).executeTakeFirstOrThrow();
    expect(history.field_changes).toBeNull();
  });

  it('an action that fails after saving the form leaves no record (one transaction)', async () => {
    const before = (await rows()).length;
    // The next node's only candidate is disabled: the launch fails after the form was written.
    await t.deps.db.updateTable('users').set({ enabled: false }).where('id', '=', ids.lisi!).execute();
    try {
      const failed = await engineOf(t.deps)
        .start(
          zhangsan,
          createProcessBody.parse({ schemeId: await schemeId(), formValue: [{ F_FormId: formId, F_Type: 0, formData: { F_Name: 'c', days: 9 } }] }),
        )
        .then(
          () => 'ok',
          (e: unknown) => (e instanceof AppError ? e.key : String(e)),
        );
      expect(failed).toBe('workflow.noCandidate');
    } finally {
      await t.deps.db.updateTable('users').set({ enabled: true }).where('id', '=', ids.lisi!).execute();
    }
    expect((await rows()).length).toBe(before);
  });
});

describe('only the process’s forms', () => {
  it('a form that is not one of the scheme’s relations is refused', async () => {
    const other = await engineOf(t.deps)
      .start(zhangsan, createProcessBody.parse({ schemeId: await schemeId(), formValue: [{ F_FormId: 'another-form', F_Type: 0, formData: { F_Name: 'x' } }] }))
      .then(
        () => 'ok',
        (e: unknown) => (e instanceof AppError ? e.key : String(e)),
      );
    expect(other).toBe('workflow.formNotInProcess');
  });
});
