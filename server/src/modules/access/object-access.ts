import { workflowMonitorPermissions } from '@app/contracts';
import { AppError } from '../../core/errors.js';

/**
 * Object-level access: who may read or change one particular object (this instance, this task, this stamp …), as
 * opposed to the permission keys, which say who may use a screen or a button at all.
 *
 * Every rule is a list of grounds, any one of which is enough, and the refusal the caller gets when none holds. The
 * facts behind the grounds come from the caller's repository; a fact may be a function, asked only when no earlier
 * ground already decided, so the cheap facts go first and the costly ones (a permission lookup, a query) are asked
 * last. Objects whose every read is already limited in SQL to the owner's rows (files in the file manager, messages,
 * schedules) need no rule here: their repositories take the owner.
 *
 * Refusals with 404 do not reveal that someone else's object exists; 403 is used where the caller already sees the
 * object (a task in their list, a stamp they may use).
 */
const rule = <G extends string>(grounds: readonly G[], refusal: (id: string) => AppError) => ({ grounds, refusal });

export const objectRules = {
  /** A workflow instance's form, timeline, diagram and attachments: its starter, anyone who took part (in it or in the
   * process that called it), or a monitor. */
  readInstance: rule(['isStarter', 'participates', 'participatesInRoot', 'isMonitor'], () => new AppError('workflowTask.noAccess', {}, 403)),
  /** Acting on a task (approve, reject, transfer, signers …): its assignee or one of the users who may act on it. */
  actOnTask: rule(['isAssignee', 'isCandidate'], () => new AppError('workflow.notYourTask', {}, 403)),
  /** Working out an open task's candidates again: the starter, a current candidate or a monitor. */
  recomputeCandidates: rule(['isStarter', 'isCandidate', 'isMonitor'], () => new AppError('workflowTask.noAccess', {}, 403)),
  /** Moving a finished instance to or from the recycle bin: only its starter. */
  recycleInstance: rule(['isStarter'], () => new AppError('workflowTask.notStarter', {}, 403)),
  /** Deleting a recycled instance for good: its starter or whoever may suspend instances in the monitor. */
  deleteInstance: rule(['isStarter', 'isMonitorAdmin'], () => new AppError('workflowTask.notStarter', {}, 403)),
  /** A copy sent to the caller (marking it read). */
  circulation: rule(['isRecipient'], () => new AppError('workflowTask.circulationNotFound', {}, 404)),
  /** A saved launch draft. */
  draft: rule(['isOwner'], () => new AppError('workflowTask.draftNotFound', {}, 404)),
  /** Deleting an uploaded attachment: its uploader or a tenant administrator. */
  deleteAttachment: rule(['isUploader', 'isTenantAdmin'], () => new AppError('files.noDeletePermission', {}, 403)),
  /** Changing or deleting a delegation rule: its owner or whoever may assign tasks in the monitor. */
  changeDelegation: rule(['isOwner', 'isAssignAdmin'], (id) => new AppError('delegate.notFound', { id }, 404)),
  /** Whose tasks a delegation hands on: one's own, or anyone's for whoever may assign tasks in the monitor. */
  delegateFor: rule(['isSelf', 'isAssignAdmin'], () => new AppError('error.forbidden', { permission: workflowMonitorPermissions.workflowMonitorAssign }, 403)),
  /** Changing a stamp (its settings, members or maintainers): a manager or maintainer where the change allows them, or
   * whoever holds the change's permission key. */
  changeStamp: rule(['isManager', 'isMaintainer', 'hasPermission'], (id) => new AppError('stamp.notManager', { id }, 403)),
  /** A stamp's image: whoever may use it, manages or maintains it, or may list every stamp. */
  stampImage: rule(['mayUse', 'isManager', 'isMaintainer', 'mayList'], (id) => new AppError('stamp.notFound', { id }, 404)),
} as const;

export type ObjectKind = keyof typeof objectRules;
type GroundOf<K extends ObjectKind> = (typeof objectRules)[K]['grounds'][number];
/** A fact is known at once, or asked for when it is needed. */
export type Fact = boolean | (() => boolean | Promise<boolean>);
export type Facts<K extends ObjectKind> = Record<GroundOf<K>, Fact>;

/** Whether any ground of the rule holds; facts are asked in the rule's order and no further than needed. */
export async function mayAccess<K extends ObjectKind>(kind: K, facts: Facts<K>): Promise<boolean> {
  const grounds: readonly GroundOf<K>[] = objectRules[kind].grounds;
  for (const ground of grounds) {
    const fact = facts[ground];
    if (typeof fact === 'boolean' ? fact : await fact()) return true;
  }
  return false;
}

/** Throws the rule's refusal unless a ground holds. */
export async function requireAccess<K extends ObjectKind>(kind: K, id: string, facts: Facts<K>): Promise<void> {
  if (!(await mayAccess(kind, facts))) throw objectRules[kind].refusal(id);
}
