import { UNLISTED_FIELDS, formChanges, type FieldAuthority, type FieldChange, type FormValueEntry } from '@app/contracts';
import type { AuthContext } from '../../../../core/deps.js';
import { AppError } from '../../../../core/errors.js';
import { newId } from '../../../../core/ids.js';
import { FormSchemeRepository } from '../../../form-scheme/form-scheme.repository.js';
import { checkedScheme } from '../../../form-scheme/form-scheme.service.js';
import { normaliseTableInfo } from '../../../form-scheme/form-tables.js';
import { enabledUsers, usersOfObjects } from '../candidates.js';
import { type ActionRun, lockInstance, type FormKey, type InstanceRow } from '../node-types/runtime.js';
import { taskConfigOf, type Assignee } from '../node-types/user-task.js';
import type { WfGraph, WfNode } from '../types.js';
import type { TaskRow } from '../store.js';
import * as store from '../store.js';
import { type EngineContext } from './action.js';

/** What several commands share: the starter check, picking a user, saving forms, completing a node, circulation, replacing a task's users. */

export async function checkStarter(run: ActionRun, auth: AuthContext, processInstanceId: string): Promise<InstanceRow> {
  const instance = run.adopt(await lockInstance(run.trx, processInstanceId, auth.tenantId));
  if (instance.starter_id !== auth.userId) throw new AppError('workflow.notStarter', {}, 403);
  return instance;
}

export async function oneUser(
  run: ActionRun,
  userId: string,
  key: 'workflow.noTransferUser' | 'workflow.notACandidate' = 'workflow.noTransferUser',
): Promise<string> {
  const [user] = await enabledUsers(run.trx, run.tenantId, [userId]);
  if (!user) throw new AppError(key, {}, 400);
  return user.id;
}

/**
 * Saves the submitted form values through the Form engine inside this transaction (platform forms; an external
 * link's form commits in its own) and answers the instance's form keys. Only designed forms (F_Type 0) are
 * stored by the engine; system and address-based forms keep their data in their own modules (the key given is
 * recorded).
 */
export async function saveForms(
  ctx: EngineContext,
  run: ActionRun,
  auth: AuthContext,
  instance: InstanceRow,
  entries: FormValueEntry[],
  allowed: Set<string>,
  authorityOf: (formId: string) => FieldAuthority[] | undefined,
): Promise<FieldChange[]> {
  const keys = [...instance.form_keys];
  const repo = new FormSchemeRepository(run.trx);
  const changes: FieldChange[] = [];
  for (const entry of entries) {
    const known = keys.find((k) => k.F_FormId === entry.F_FormId);
    let key = entry.F_Id || known?.F_Id || '';
    if (entry.F_Type === 0) {
      // Only the process's own forms: a task must not become a way to write any form's records.
      if (!allowed.has(entry.F_FormId)) throw new AppError('workflow.formNotInProcess', { id: entry.F_FormId }, 400);
      const form = await repo.find(auth.tenantId, entry.F_FormId);
      if (!form) throw new AppError('forms.notFound', { id: entry.F_FormId }, 404);
      const version = await repo.version(auth.tenantId, form.F_SchemeId);
      if (!version) throw new AppError('forms.versionNotFound', { id: form.F_SchemeId }, 404);
      const loaded = { form, version, scheme: checkedScheme(version.content), tableInfo: normaliseTableInfo(version.table_info) };
      const authority = authorityOf(entry.F_FormId);
      // An approval node that may edit some fields: what it changes is recorded on the action's history row.
      const recorded = known && authority?.some((a) => String(a.formId) !== UNLISTED_FIELDS && a.view !== false && a.edit !== false);
      const before = recorded ? await ctx.forms.read(auth, loaded, key, { transaction: run.trx }) : null;
      key = await ctx.forms.save(auth, loaded, entry.formData, known ? key : null, { authority, transaction: run.trx });
      if (before) changes.push(...formChanges(loaded.scheme.data, before, await ctx.forms.read(auth, loaded, key, { transaction: run.trx }), authority));
    }
    run.mergeForm(instance, entry.formData);
    const row: FormKey = { F_FormId: entry.F_FormId, F_Type: entry.F_Type, F_UrlAddress: entry.F_UrlAddress, F_Id: key };
    if (known) Object.assign(known, row);
    else keys.push(row);
  }
  if (entries.length === 0) return changes;
  instance.form_keys = keys;
  await store.updateFormKeys(run.trx, instance.id, keys);
  return changes;
}

/** A node is done: its configured readers get the circulation, the token moves on. */
export async function completeNode(run: ActionRun, instance: InstanceRow, graph: WfGraph, node: WfNode, scopeId: string | null): Promise<void> {
  if (node.type === 'userTask') {
    const readers = taskConfigOf(node).circulate;
    if (readers.length) await circulate(run, instance, node, null, run.previousUserId, readers);
  }
  await run.leave(instance, graph, node, scopeId);
}

/** Circulation rows (post / role / person / department → users) and type-14 messages. */
export async function circulate(
  run: ActionRun,
  instance: InstanceRow,
  node: WfNode,
  taskId: string | null,
  fromUserId: string | null,
  objects: { F_ObjType: string; F_ObjId: string }[],
): Promise<void> {
  const userIds = await usersOfObjects(run.trx, instance.tenant_id, objects);
  if (userIds.length === 0) return;
  await store.insertCirculations(
    run.trx,
    userIds.map((userId) => ({
      id: newId(),
      tenant_id: instance.tenant_id,
      instance_id: instance.id,
      task_id: taskId,
      node_id: node.id,
      node_name: node.name,
      user_id: userId,
      from_user_id: fromUserId,
      created_at: run.now,
    })),
  );
  run.notify(14, userIds, instance, taskId ? { id: taskId, nodeName: node.name } : null, 'workflow.msgCirculated', { taskStatus: '2' });
}

/** The task's users become `userIds` (transfer, assign: one user); answers the users it had before. */
export async function replaceUsers(run: ActionRun, task: TaskRow, userIds: string[], assignee: Assignee | null): Promise<string[]> {
  await store.setTaskAssignee(run.trx, task.id, assignee);
  const before = await store.deleteTaskUsers(run.trx, task.id);
  await store.insertTaskUsers(
    run.trx,
    userIds.map((userId) => ({ task_id: task.id, user_id: userId, tenant_id: run.tenantId, instance_id: task.instance_id, created_at: run.now })),
  );
  return before;
}
