import { UNLISTED_FIELDS, formChanges, type FieldAuthority, type FieldChange, type FormValueEntry } from '@app/contracts';
import type { AuthContext } from '../../../../core/deps.js';
import { AppError } from '../../../../core/errors.js';
import { FormSchemeRepository } from '../../../form-scheme/form-scheme.repository.js';
import { checkedScheme } from '../../../form-scheme/form-scheme.service.js';
import { normaliseTableInfo } from '../../../form-scheme/form-tables.js';
import { enabledUsers } from '../candidates.js';
import { type ActionRun, lockInstance, type FormKey, type InstanceRow } from '../node-types/runtime.js';
import type { Assignee } from '../node-types/user-task.js';
import type { TaskRow } from '../store.js';
import * as store from '../store.js';
import { type EngineContext } from './action.js';

/** What several commands share: the starter check, picking a user, saving forms, replacing a task's users. */

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
