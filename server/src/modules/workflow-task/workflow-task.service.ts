import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  BTN_PRINT,
  BTN_TRANSFER,
  NEED_PASSWORD,
  approvalFieldAuthority,
  formValueEntry,
  userTaskConfig,
  type ActionResult,
  type CreateProcessBody,
  type WorkflowDraftBody,
  type FormValueEntry,
  type ProcessInfo,
  type RejectNode,
  type TaskAttachment,
  type TaskComment,
  type TaskFormAnswer,
  type TaskFormItem,
  type TimelineRecord,
  type UserTaskConfig,
  type WorkflowTaskPageQuery,
  type WorkflowMonitorPageQuery,
  workflowMonitorPermissions,
} from '@app/contracts';
import { z } from 'zod';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { AppError, notFound } from '../../core/errors.js';
import { Signer } from '../../core/signer.js';
import { catalogs, translate, type Lang, type MessageKey } from '../../core/i18n/index.js';
import { FormDataService } from '../form-scheme/form-data.service.js';
import { FormSchemeService } from '../form-scheme/form-scheme.service.js';
import { stampImageUrls, verifyStampForUse } from '../stamp/stamp-use.js';
import type { WfGraph, WfNode } from '../workflow/engine/types.js';
import { engineOf } from './engine-port.js';
import { WorkflowTaskRepository, type HistoryRecord, type InstanceRecord, type ListFilter, type TaskRecord } from './workflow-task.repository.js';
import { requireAccess } from '../access/object-access.js';

const FINISHED = new Set(['completed', 'recalled', 'terminated']);
/** Validity of a tokenless launch's sign (and how long a used sign is remembered, with margin). */
export const LAUNCH_SIGN_MS = 5 * 60_000;
const LAUNCH_CLOCK_SKEW_MS = 30_000;

const listFilter = (q: WorkflowTaskPageQuery & { starterId?: string }): ListFilter => ({
  page: q.limit,
  size: q.size,
  keyword: q.keyword || undefined,
  schemeId: q.F_SchemeId || undefined,
  startTime: q.startTime || undefined,
  endTime: q.endTime || undefined,
  starterId: q.starterId || undefined,
});

const activityType = (type: string) => (['startEvent', 'userTask', 'scriptTask', 'endEvent'].includes(type) ? type : 'other');

function nodeConfig(node: WfNode | undefined): UserTaskConfig {
  const parsed = userTaskConfig.safeParse(node?.config ?? {});
  return parsed.success ? parsed.data : userTaskConfig.parse({});
}

/** Signed diagram addresses: `/api/workflow-task/view-process?processInstanceId=&expires=&sig=` loads in an <img>. */
export class DiagramLinks {
  private readonly signer: Signer;
  constructor(
    secret: Uint8Array,
    private readonly ttlMs = 3600_000,
  ) {
    this.signer = new Signer(secret, 'workflow-instance-diagram');
  }
  url(id: string, now = Date.now()): string {
    const expires = now + this.ttlMs;
    return `/api/workflow-task/view-process?processInstanceId=${encodeURIComponent(id)}&expires=${expires}&sig=${this.signer.sign(`${id}:${expires}`)}`;
  }
  verify(id: string, expires: number, sig: string, now = Date.now()): boolean {
    if (!Number.isFinite(expires) || expires < now) return false;
    return this.signer.verify(`${id}:${expires}`, sig);
  }
}

/**
 * The task API (docs/workflow-design.md "Task API"): lists, drafts, circulation, the approval screen's reads and the
 * thin action calls on the engine. Object rules: a user sees an instance they started, take part in (task, history,
 * circulation), or any instance when they hold the monitor's list permission.
 */
export class WorkflowTaskService {
  readonly repo: WorkflowTaskRepository;
  private readonly schemes: FormSchemeService;
  private readonly formData: FormDataService;
  readonly diagrams: DiagramLinks;

  constructor(private readonly deps: AppDeps) {
    this.repo = new WorkflowTaskRepository(deps.db);
    this.schemes = new FormSchemeService(deps, () => false);
    this.formData = new FormDataService(deps);
    this.diagrams = new DiagramLinks(deps.config.jwtSecret);
  }

  get engine() {
    return engineOf(this.deps);
  }

  // ---------- access ----------

  private async instanceOf(auth: AuthContext, id: string): Promise<InstanceRecord> {
    const instance = await this.repo.instance(auth.tenantId, id);
    if (!instance) throw notFound('workflow.instanceNotFound');
    return instance;
  }

  private isMonitor(auth: AuthContext) {
    return this.deps.grants.hasAny(auth, [workflowMonitorPermissions.workflowMonitorList]);
  }

  /** The instance when the caller may see it, else 403 workflowTask.noAccess. */
  async visibleInstance(auth: AuthContext, id: string): Promise<InstanceRecord> {
    const instance = await this.instanceOf(auth, id);
    await requireAccess('readInstance', id, {
      isStarter: instance.starter_id === auth.userId,
      participates: () => this.repo.participates(auth.tenantId, instance.id, auth.userId),
      // A child instance (call activity) is visible to whoever sees its root.
      participatesInRoot: () => instance.root_id !== instance.id && this.repo.participates(auth.tenantId, instance.root_id, auth.userId),
      isMonitor: () => this.isMonitor(auth),
    });
    return instance;
  }

  private async taskOf(auth: AuthContext, taskId: string): Promise<TaskRecord> {
    const task = await this.repo.task(auth.tenantId, taskId);
    if (!task) throw notFound('workflow.taskNotFound');
    return task;
  }

  private async graphOf(auth: AuthContext, instance: InstanceRecord): Promise<WfGraph> {
    return ((await this.repo.graph(auth.tenantId, instance.version_id)) ?? { nodes: {}, flows: {} }) as WfGraph;
  }

  // ---------- lists ----------

  upcoming(auth: AuthContext, q: WorkflowTaskPageQuery) {
    return this.repo.upcoming(auth.tenantId, auth.userId, listFilter(q));
  }
  history(auth: AuthContext, q: WorkflowTaskPageQuery) {
    return this.repo.completed(auth.tenantId, auth.userId, listFilter(q));
  }
  mine(auth: AuthContext, q: WorkflowTaskPageQuery) {
    return this.repo.mine(auth.tenantId, auth.userId, false, listFilter(q));
  }
  recycled(auth: AuthContext, q: WorkflowTaskPageQuery) {
    return this.repo.mine(auth.tenantId, auth.userId, true, listFilter(q));
  }
  circulated(auth: AuthContext, q: WorkflowTaskPageQuery) {
    return this.repo.circulations(auth.tenantId, auth.userId, listFilter(q));
  }
  relatable(auth: AuthContext, q: WorkflowTaskPageQuery) {
    return this.repo.relatable(auth.tenantId, auth.userId, listFilter(q));
  }
  monitor(auth: AuthContext, finished: boolean, q: WorkflowMonitorPageQuery) {
    return this.repo.monitor(auth.tenantId, finished, listFilter(q));
  }
  counts(auth: AuthContext) {
    return this.repo.counts(auth.tenantId, auth.userId);
  }

  async markRead(auth: AuthContext, id: string): Promise<void> {
    const row = await this.repo.findCirculation(auth.tenantId, id);
    await requireAccess('circulation', id, { isRecipient: row?.user_id === auth.userId });
    await this.repo.markRead(auth.tenantId, id);
  }

  // ---------- drafts ----------

  drafts(auth: AuthContext, q: WorkflowTaskPageQuery) {
    return this.repo.drafts(auth.tenantId, auth.userId, listFilter(q));
  }

  private async ownDraft(auth: AuthContext, id: string) {
    const draft = await this.repo.findDraft(auth.tenantId, id);
    await requireAccess('draft', id, { isOwner: draft?.user_id === auth.userId });
    return draft!;
  }

  async saveDraft(auth: AuthContext, body: WorkflowDraftBody): Promise<{ F_Id: string }> {
    const scheme = await this.repo.scheme(auth.tenantId, body.schemeId);
    if (!scheme) throw notFound('workflow.schemeNotFound');
    if (body.F_Id) await this.ownDraft(auth, body.F_Id);
    const id = await this.repo.saveDraft(auth.tenantId, auth.userId, body.F_Id || null, {
      scheme_id: scheme.id,
      name: body.name || scheme.name,
      form_value: body.formValue,
    });
    return { F_Id: id };
  }

  async deleteDraft(auth: AuthContext, id: string): Promise<void> {
    await this.ownDraft(auth, id);
    await this.repo.deleteDraft(auth.tenantId, id);
  }

  // ---------- actions ----------

  /** create-process: the engine consumes the draft it was launched from in the launch's own transaction. */
  start(auth: AuthContext, body: CreateProcessBody, idempotencyKey: string | null): Promise<ActionResult> {
    return this.engine.start(auth, body, { idempotencyKey });
  }

  /** create-processform: launch over an existing record of one of the scheme's forms (its values are kept). */
  async startOverRecord(auth: AuthContext, q: { nwfSchemeInfoId: string; F_FormId: string; keyValue: string }): Promise<ActionResult> {
    const relations = await this.repo.relations(auth.tenantId, q.nwfSchemeInfoId);
    const relation = relations.find((r) => r.form_id === q.F_FormId);
    if (!relation) throw new AppError('workflowTask.formNotInScheme');
    let formData: Record<string, unknown> = {};
    if (relation.form_type === 0) {
      const loaded = await this.schemes.forUse(auth, relation.form_id);
      // Only one's own record (F_CreateUserId): anyone else's answers forms.dataNotFound, so no record is copied
      // into an instance the caller could then read.
      formData = await this.formData.read(auth, loaded, q.keyValue, { scope: { all: false, userIds: [auth.userId], departmentIds: [], companyIds: [] } });
    }
    // The instance's form key is the record itself (no copy): its values become the form snapshot only.
    const formKeys = [{ F_FormId: relation.form_id, F_Type: relation.form_type, F_UrlAddress: relation.form_url || undefined, F_Id: q.keyValue }];
    return this.engine.start(
      auth,
      { schemeId: q.nwfSchemeInfoId, formValue: [], userJson: [], relationTaskList: [], message: '', fileValue: '' },
      { formKeys, formValues: formData },
    );
  }

  async signers(auth: AuthContext, taskId: string) {
    const task = await this.taskOf(auth, taskId);
    await this.visibleInstance(auth, task.instance_id);
    const open = (await this.repo.openTasks(auth.tenantId, task.instance_id)).filter((t) => t.node_id === task.node_id);
    const links = await this.repo.taskUserIds(open.map((t) => t.id));
    const users = await this.repo.users(
      auth.tenantId,
      links.map((l) => l.user_id),
    );
    return links.map((l) => ({
      taskId: l.task_id,
      F_UserId: l.user_id,
      F_RealName: users.get(l.user_id)?.real_name ?? '',
      F_Account: users.get(l.user_id)?.account ?? '',
    }));
  }

  /**
   * POST again-candidate: works out the candidates of an open task again (after organisation changes: new members
   * of a role, a new department manager…) and replaces the users who may act on it. Countersign tasks (one user
   * each) are left alone. The starter, a current candidate or a monitor may ask. One transaction behind the
   * instance lock, like the engine's actions.
   */
  async againCandidate(auth: AuthContext, taskId: string): Promise<{ F_UserId: string; F_RealName: string; F_Account: string }[]> {
    const task = await this.taskOf(auth, taskId);
    const instance = await this.instanceOf(auth, task.instance_id);
    await requireAccess('recomputeCandidates', taskId, {
      isStarter: instance.starter_id === auth.userId,
      isCandidate: () => this.repo.mayActOn(task.id, auth.userId),
      isMonitor: () => this.isMonitor(auth),
    });
    const ids = await this.engine.againCandidate(auth, task.id);
    const names = await this.repo.users(auth.tenantId, ids);
    return ids.map((id) => ({ F_UserId: id, F_RealName: names.get(id)?.real_name ?? '', F_Account: names.get(id)?.account ?? '' }));
  }

  async toRecycleBin(auth: AuthContext, id: string, recycled: boolean): Promise<void> {
    const instance = await this.instanceOf(auth, id);
    await requireAccess('recycleInstance', id, { isStarter: instance.starter_id === auth.userId });
    if (recycled && !FINISHED.has(instance.state)) throw new AppError('workflowTask.notFinished');
    if (!recycled && !instance.recycled_at) throw new AppError('workflowTask.notRecycled');
    await this.repo.setRecycled(auth.tenantId, id, recycled ? new Date() : null);
  }

  async deleteInstance(auth: AuthContext, id: string): Promise<void> {
    const instance = await this.instanceOf(auth, id);
    await requireAccess('deleteInstance', id, {
      isStarter: instance.starter_id === auth.userId,
      isMonitorAdmin: () => this.deps.grants.hasAny(auth, [workflowMonitorPermissions.workflowMonitorSuspend]),
    });
    if (!instance.recycled_at) throw new AppError('workflowTask.notRecycled');
    await this.repo.deleteInstance(auth.tenantId, id);
  }

  // ---------- reads of the approval screen ----------

  /**
   * Timeline records (spec 2.9 wording): the start, every action on a user task (buttons, transfer, signers…),
   * script tasks, instance actions (recall, suspend…), the end, then one '正在审批' record per node with open tasks.
   * Gateway and pass-through rows are left out.
   */
  async timeline(auth: AuthContext, lang: Lang, instance: InstanceRecord, rows?: HistoryRecord[]): Promise<TimelineRecord[]> {
    const history = (rows ?? (await this.repo.history(instance.id))).filter(
      (h) => h.action !== 'node' || h.node_type === 'endEvent' || h.node_type === 'scriptTask',
    );
    const open = await this.repo.openTasks(auth.tenantId, instance.id);
    const links = await this.repo.taskUserIds(open.map((o) => o.id));
    const graph = open.length ? await this.graphOf(auth, instance) : undefined;
    const ids = [...history.flatMap((h) => [h.user_id ?? '', h.owner_id ?? '', ...(h.candidates ?? [])]), ...links.map((l) => l.user_id)];
    const users = await this.repo.users(auth.tenantId, [...ids, instance.starter_id]);
    const nameOf = (id: string | null) => (id ? (users.get(id)?.real_name ?? id) : '');
    const sep = translate(lang, 'workflowTask.listSeparator');
    const stamps = await this.stampAddresses(auth, history.map((h) => h.stamp_id ?? '').filter(Boolean));
    const people = (list: string[]) =>
      list.map((id) => ({ departmentName: users.get(id)?.departmentName ?? '', account: users.get(id)?.account ?? '', realName: nameOf(id) }));
    const labelled = (multi: boolean, type: string, text: string) =>
      multi && type === 'userTask' ? translate(lang, 'workflowTask.countersignText', { text }) : text;
    const records: TimelineRecord[] = history.map((h) => {
      const approver =
        h.owner_id && h.user_id && h.owner_id !== h.user_id
          ? translate(lang, 'workflowTask.onBehalf', { delegate: nameOf(h.user_id), owner: nameOf(h.owner_id) })
          : nameOf(h.user_id);
      const next = (h.next_nodes ?? []).map((n) => n.activityName || n.actName).filter(Boolean);
      const actionKey = `workflowTask.action.${h.action}` as MessageKey;
      const actionLabel = actionKey in catalogs[lang] ? translate(lang, actionKey) : h.action;
      let text: string;
      if (h.action === 'start') text = translate(lang, 'workflowTask.timelineStart', { creator: nameOf(h.user_id ?? instance.starter_id) });
      else if (h.node_type === 'endEvent') text = translate(lang, 'workflowTask.timelineEnd');
      else if (!h.ended_at) text = translate(lang, 'workflowTask.timelinePending');
      else if (h.action === 'toAdmin') text = translate(lang, 'workflowTask.timelineToAdmin', { targets: (h.candidates ?? []).map(nameOf).join(sep) });
      else if (h.action === 'circulate')
        text = translate(lang, 'workflowTask.timelineCirculated', { node: h.node_name, targets: (h.candidates ?? []).map(nameOf).join(sep) });
      else if (h.node_type === 'scriptTask' && h.action === 'node') text = `${h.node_name} ${translate(lang, 'workflowTask.action.script')}`;
      else if (['transfer', 'assign', 'addSign', 'subtractSign', 'againCandidate'].includes(h.action))
        text = translate(lang, 'workflowTask.timelineTo', { approver, button: actionLabel, targets: (h.candidates ?? []).map(nameOf).join(sep) });
      else if (h.action === 'changeCandidate')
        text = translate(lang, 'workflowTask.timelineTo', { approver, button: actionLabel, targets: nameOf(h.candidates?.[1] ?? null) });
      else {
        const button = h.btn_name ?? (h.btn_value && h.action !== 'auto' ? h.btn_value : actionLabel);
        text = next.length
          ? translate(lang, 'workflowTask.timelineFlow', { approver, button, next: next.join(sep) })
          : translate(lang, 'workflowTask.timelineDone', { approver, button });
        text = text.trim();
      }
      return {
        activityId: h.node_id,
        activityName: h.node_name,
        activityType: activityType(h.node_type),
        candidate: (h.candidates ?? []).map(nameOf),
        assignee: h.user_id ? nameOf(h.user_id) : null,
        startUserId: instance.starter_id,
        endTime: h.endTime,
        time: h.time,
        multiInstance: h.multi_instance,
        btnValue: h.btn_value,
        btnName: h.btn_name,
        message: h.message,
        esignature: h.stamp_id ? (stamps.get(h.stamp_id) ?? null) : null,
        nextNodeInfo: h.next_nodes ?? [],
        manualinfos: people(h.user_id ? [h.user_id] : (h.candidates ?? [])),
        text: labelled(h.multi_instance, h.node_type, text),
        fieldChanges: h.field_changes ?? [],
      };
    });
    // Open tasks: one record per node, its users as candidates.
    const byNode = new Map<string, { task: TaskRecord & { createTime?: string }; users: string[] }>();
    for (const task of open) {
      const entry = byNode.get(task.node_id) ?? { task, users: [] };
      entry.users.push(...links.filter((l) => l.task_id === task.id).map((l) => l.user_id));
      byNode.set(task.node_id, entry);
    }
    for (const { task, users: waiting } of byNode.values()) {
      const multi = !!graph?.nodes[task.node_id]?.multiInstance;
      records.push({
        activityId: task.node_id,
        activityName: task.node_name,
        activityType: 'userTask',
        candidate: waiting.map(nameOf),
        assignee: null,
        startUserId: instance.starter_id,
        endTime: null,
        time: task.createTime ?? '',
        multiInstance: multi,
        btnValue: null,
        btnName: null,
        message: null,
        esignature: null,
        nextNodeInfo: [],
        manualinfos: people(waiting),
        text: labelled(multi, 'userTask', translate(lang, 'workflowTask.timelinePending')),
        fieldChanges: [],
      });
    }
    return records;
  }

  async timelineOf(auth: AuthContext, lang: Lang, processInstanceId: string) {
    return this.timeline(auth, lang, await this.visibleInstance(auth, processInstanceId));
  }

  /** Stamp images of the history (signed file address or the handwritten data URL), whoever reads. */
  private stampAddresses(auth: AuthContext, ids: string[]): Promise<Map<string, string>> {
    return stampImageUrls(this.deps.db, this.deps.fileLinks, auth.tenantId, ids);
  }

  private async comments(auth: AuthContext, history: HistoryRecord[]): Promise<TaskComment[]> {
    const done = history.filter((h) => h.task_id && h.btn_value && h.ended_at);
    const users = await this.repo.users(
      auth.tenantId,
      done.map((h) => h.user_id ?? ''),
    );
    const stamps = await this.stampAddresses(auth, done.map((h) => h.stamp_id ?? '').filter(Boolean));
    return done.map((h) => ({
      nodeId: h.node_id,
      nodeName: h.node_name,
      btnValue: h.btn_value ?? '',
      btnName: h.btn_name ?? '',
      message: h.message ?? '',
      createUser: users.get(h.user_id ?? '')?.real_name ?? '',
      time: h.endTime ?? h.time,
      esignature: h.stamp_id ? (stamps.get(h.stamp_id) ?? '') : '',
    }));
  }

  async attachments(auth: AuthContext, processInstanceId: string, history?: HistoryRecord[]): Promise<TaskAttachment[]> {
    const rows = history ?? (await this.repo.history((await this.visibleInstance(auth, processInstanceId)).id));
    const byFolder = new Map<string, HistoryRecord>();
    for (const h of rows) if (h.folder_id && !byFolder.has(h.folder_id)) byFolder.set(h.folder_id, h);
    const files = await this.repo.files(auth.tenantId, [...byFolder.keys()]);
    const users = await this.repo.users(
      auth.tenantId,
      files.map((f) => f.owner_id),
    );
    return files.map((f) => ({
      F_Id: f.id,
      fileName: f.file_name,
      fileType: f.extension.replace(/^\./, ''),
      actName: byFolder.get(f.folder_id ?? '')?.node_name ?? '',
      createTime: f.createTime,
      createUserName: users.get(f.owner_id)?.real_name ?? '',
      filePath: this.deps.fileLinks.url(f.id),
    }));
  }

  /** The nodes a reject from `node` may go back to: its configured targets, else every user task passed and the start. */
  private rejectNodes(graph: WfGraph, node: WfNode | undefined, config: UserTaskConfig, history: HistoryRecord[]): RejectNode[] {
    const entry = (n: WfNode): RejectNode => ({ activityName: n.name, activityType: activityType(n.type), activitiId: n.id });
    if (!node) return [];
    if (config.rejectTargets.length)
      return config.rejectTargets
        .map((id) => graph.nodes[id])
        .filter((n): n is WfNode => !!n)
        .map(entry);
    const passed = new Set(history.filter((h) => h.node_type === 'userTask' && h.btn_value && h.node_id !== node.id).map((h) => h.node_id));
    const out: RejectNode[] = [];
    const start = graph.nodes[graph.startNodeId];
    if (start) out.push(entry(start));
    for (const id of passed) if (graph.nodes[id]) out.push(entry(graph.nodes[id]));
    return out;
  }

  /** Next user tasks (through gateways) whose approvers the approver of `node` chooses. */
  private choiceNodes(graph: WfGraph, node: WfNode | undefined) {
    const out: { nodeId: string; nodeName: string }[] = [];
    if (!node) return out;
    const seen = new Set<string>([node.id]);
    const queue = node.outgoing.map((f) => graph.flows[f]?.target).filter((t): t is string => !!t);
    while (queue.length) {
      const id = queue.shift()!;
      if (seen.has(id)) continue;
      seen.add(id);
      const next = graph.nodes[id];
      if (!next) continue;
      if (next.type.endsWith('Gateway')) queue.push(...next.outgoing.map((f) => graph.flows[f]?.target).filter((t): t is string => !!t));
      else if (next.type === 'userTask' && nodeConfig(next).approverChoice) out.push({ nodeId: next.id, nodeName: next.name });
    }
    return out;
  }

  /**
   * GET /workflow-task/task-form: by taskId (the caller's open task: the node's authority and buttons) or by
   * processInstanceId (read-only: starter, participants, circulation readers, monitor).
   */
  async taskForm(auth: AuthContext, lang: Lang, q: { taskId?: string; processInstanceId?: string; nwfRelationId?: string }): Promise<TaskFormAnswer> {
    let task: TaskRecord | undefined;
    let instanceId = q.processInstanceId;
    if (q.taskId) {
      task = await this.taskOf(auth, q.taskId);
      instanceId = task.instance_id;
    }
    if (!instanceId) throw notFound('workflow.instanceNotFound');
    const instance = await this.visibleInstance(auth, instanceId);
    const mayAct = !!task && task.state === 'open' && (await this.repo.mayActOn(task.id, auth.userId));
    const graph = await this.graphOf(auth, instance);
    const node = task ? graph.nodes[task.node_id] : undefined;
    const config = nodeConfig(node);
    const history = await this.repo.history(instance.id);
    const [comments, roams, files, relations, scheme] = await Promise.all([
      this.comments(auth, history),
      this.timeline(auth, lang, instance, history),
      this.attachments(auth, instance.id, history),
      this.repo.relations(auth.tenantId, instance.scheme_id),
      this.repo.scheme(auth.tenantId, instance.scheme_id),
    ]);
    const forms: TaskFormItem[] = [];
    for (const key of instance.form_keys ?? []) {
      const relation = relations.find((r) => r.form_id === key.F_FormId);
      if (q.nwfRelationId && relation?.id !== q.nwfRelationId) continue;
      // Read-only viewers see what the node allows to view, nothing editable.
      // An approval node edits only the fields it names; the start node (a returned application) edits freely.
      const authority = task && node?.type !== 'startEvent' ? approvalFieldAuthority(config, key.F_FormId) : undefined;
      const children = (authority ?? []).map((a) => ({ ...a, edit: mayAct ? a.edit : false }));
      let F_Scheme: unknown = null;
      let formData: Record<string, unknown> = {};
      let name = relation?.name ?? '';
      if (Number(key.F_Type) === 0) {
        const loaded = await this.schemes.forUse(auth, key.F_FormId);
        F_Scheme = this.schemes.detailOf(loaded).F_Scheme;
        name ||= loaded.form.F_Name;
        formData = key.F_Id ? await this.formData.read(auth, loaded, key.F_Id, { authority }) : {};
      }
      forms.push({
        primaryKey: key.F_Id ?? '',
        F_FormId: key.F_FormId,
        F_Type: Number(key.F_Type),
        F_Name: name,
        F_Url: key.F_UrlAddress ?? relation?.form_url ?? '',
        F_Scheme,
        formData,
        formFieldInfo: { F_Id: key.F_FormId, F_Type: Number(key.F_Type), F_Name: name, F_Url: key.F_UrlAddress ?? relation?.form_url ?? '', children },
        relationTaskList: instance.related ?? [],
        taskComment: comments,
      });
    }
    const processInfo: ProcessInfo = {
      btnInfo: mayAct ? config.buttons : [],
      functionBtnInfo: mayAct
        ? [
            ...(config.print ? [{ value: BTN_PRINT, name: lang === 'en' ? 'Print' : '打印' }] : []),
            ...(config.transfer ? [{ value: BTN_TRANSFER, name: lang === 'en' ? 'Transfer' : '转办' }] : []),
          ]
        : [],
      rejectnode: mayAct ? this.rejectNodes(graph, node, config, history) : [],
      nodeInfo: {
        needpassword: config.needPassword ? NEED_PASSWORD : 1,
        nodeId: task?.node_id ?? '',
        nodeName: task?.node_name ?? '',
        multiInstance: !!node?.multiInstance,
        signatureRequired: config.signatureRequired,
      },
      signation: mayAct && config.signation && !!node?.multiInstance,
      retNodeList: mayAct ? this.choiceNodes(graph, node) : [],
      task_comment: comments,
      roams,
      files,
    };
    return {
      processInstanceId: instance.id,
      processName: instance.name,
      schemeName: scheme?.name ?? '',
      state: instance.state,
      taskId: task?.id ?? null,
      readOnly: !mayAct,
      forms,
      processInfo,
    };
  }

  async taskInfo(auth: AuthContext, taskId: string) {
    const task = await this.taskOf(auth, taskId);
    const instance = await this.visibleInstance(auth, task.instance_id);
    const [scheme, users] = await Promise.all([this.repo.scheme(auth.tenantId, instance.scheme_id), this.repo.users(auth.tenantId, [instance.starter_id])]);
    return {
      taskId: task.id,
      nodeId: task.node_id,
      taskName: task.node_name,
      state: task.state,
      processInstanceId: instance.id,
      processName: instance.name,
      F_SchemeId: instance.scheme_id,
      schemeName: scheme?.name ?? '',
      instanceState: instance.state,
      startUser: users.get(instance.starter_id)?.real_name ?? '',
      createTime: task.created_at.toISOString(),
    };
  }

  /** The approvers of a node: who acted (history) and who may still act (open tasks), with their department. */
  async approvers(auth: AuthContext, processInstanceId: string, nodeId?: string) {
    const instance = await this.visibleInstance(auth, processInstanceId);
    const history = (await this.repo.history(instance.id)).filter((h) => h.task_id && h.user_id && h.btn_value && (!nodeId || h.node_id === nodeId));
    const open = (await this.repo.openTasks(auth.tenantId, instance.id)).filter((t) => !nodeId || t.node_id === nodeId);
    const links = await this.repo.taskUserIds(open.map((t) => t.id));
    const users = await this.repo.users(auth.tenantId, [...history.map((h) => h.user_id!), ...links.map((l) => l.user_id)]);
    const row = (node: { id: string; name: string }, userId: string, done: boolean) => ({
      nodeId: node.id,
      nodeName: node.name,
      userId,
      realName: users.get(userId)?.real_name ?? '',
      account: users.get(userId)?.account ?? '',
      departmentName: users.get(userId)?.departmentName ?? '',
      done,
    });
    const taskNode = new Map(open.map((t) => [t.id, t]));
    return [
      ...history.map((h) => row({ id: h.node_id, name: h.node_name }, h.user_id!, true)),
      ...links.map((l) => row({ id: taskNode.get(l.task_id)!.node_id, name: taskNode.get(l.task_id)!.node_name }, l.user_id, false)),
    ];
  }

  async nodeInfo(auth: AuthContext, lang: Lang, processInstanceId: string, nodeId: string) {
    const instance = await this.visibleInstance(auth, processInstanceId);
    const graph = await this.graphOf(auth, instance);
    const node = graph.nodes[nodeId];
    const history = await this.repo.history(instance.id);
    const records = (await this.timeline(auth, lang, instance, history)).filter((r) => r.activityId === nodeId);
    return {
      nodeId,
      nodeName: node?.name ?? records[0]?.activityName ?? '',
      nodeType: activityType(node?.type ?? records[0]?.activityType ?? 'other'),
      multiInstance: !!node?.multiInstance,
      records,
      approvers: await this.approvers(auth, processInstanceId, nodeId),
    };
  }

  /** Users of the open tasks of an instance (or of one task). */
  async candidateUsers(auth: AuthContext, q: { processInstanceId?: string; taskId?: string }) {
    let tasks: TaskRecord[];
    if (q.taskId) {
      const task = await this.taskOf(auth, q.taskId);
      await this.visibleInstance(auth, task.instance_id);
      tasks = task.state === 'open' ? [task] : [];
    } else {
      const instance = await this.visibleInstance(auth, q.processInstanceId ?? '');
      tasks = await this.repo.openTasks(auth.tenantId, instance.id);
    }
    const links = await this.repo.taskUserIds(tasks.map((t) => t.id));
    const users = await this.repo.users(
      auth.tenantId,
      links.map((l) => l.user_id),
    );
    const byTask = new Map(tasks.map((t) => [t.id, t]));
    return links.map((l) => ({
      taskId: l.task_id,
      nodeId: byTask.get(l.task_id)!.node_id,
      nodeName: byTask.get(l.task_id)!.node_name,
      F_UserId: l.user_id,
      F_RealName: users.get(l.user_id)?.real_name ?? '',
      F_Account: users.get(l.user_id)?.account ?? '',
      departmentName: users.get(l.user_id)?.departmentName ?? '',
    }));
  }

  async relationInfo(auth: AuthContext, processInstanceId: string) {
    const instance = await this.visibleInstance(auth, processInstanceId);
    const [scheme, users] = await Promise.all([this.repo.scheme(auth.tenantId, instance.scheme_id), this.repo.users(auth.tenantId, [instance.starter_id])]);
    return {
      processInstanceId: instance.id,
      processName: instance.name,
      F_SchemeId: instance.scheme_id,
      schemeName: scheme?.name ?? '',
      state: instance.state,
      startUser: users.get(instance.starter_id)?.real_name ?? '',
      related: instance.related ?? [],
      formKeys: instance.form_keys ?? [],
    };
  }

  async validateSignation(auth: AuthContext, stampId: string, password: string) {
    try {
      return { valid: (await verifyStampForUse(this.deps.db, auth, stampId, password)) === 'ok' };
    } catch (error) {
      if (error instanceof AppError) return { valid: false };
      throw error;
    }
  }

  /** The diagram of an instance with done and current nodes (the caller already proved by the signed address). */
  async diagram(processInstanceId: string): Promise<{ xml: string; done: string[]; current: string[] } | undefined> {
    const instance = await this.repo.instanceForDiagram(processInstanceId);
    if (!instance) return undefined;
    const xml = await this.repo.versionXml(instance.tenant_id, instance.version_id);
    if (xml === undefined) return undefined;
    const history = await this.repo.history(instance.id);
    const open = await this.repo.openTasks(instance.tenant_id, instance.id);
    const current = new Set(open.map((t) => t.node_id));
    const done = [...new Set(history.filter((h) => h.ended_at && !current.has(h.node_id)).map((h) => h.node_id))];
    return { xml, done, current: [...current] };
  }

  // ---------- tokenless launch ----------

  /** POST /nwfschemeinfo/createProcess: the signed launch key (see docs "Task API"). */
  async publicLaunch(
    body: { tenantCode: string; schemeCode: string; account: string; formData: string; timestamp: number; sign: string },
    now = Date.now(),
  ): Promise<ActionResult> {
    const refuse = () => new AppError('workflowTask.launchRefused', {}, 403);
    const tenant = await this.repo.tenantByCode(body.tenantCode);
    if (!tenant) throw refuse();
    const scheme = await this.repo.schemeByCode(tenant.id, body.schemeCode);
    if (!scheme || !scheme.launch_key) throw refuse();
    if (body.timestamp > now + LAUNCH_CLOCK_SKEW_MS || body.timestamp < now - LAUNCH_SIGN_MS) throw refuse();
    const expected = createHmac('sha256', scheme.launch_key).update(`${body.tenantCode}:${body.schemeCode}:${body.account}:${body.timestamp}`).digest('hex');
    const given = Buffer.from(body.sign.toLowerCase());
    if (given.length !== expected.length || !timingSafeEqual(given, Buffer.from(expected))) throw refuse();
    let formValue: FormValueEntry[];
    try {
      formValue = z
        .array(formValueEntry)
        .max(20)
        .parse(JSON.parse(body.formData || '[]'));
    } catch {
      throw new AppError('workflowTask.badFormData');
    }
    const user = await this.repo.userByAccount(tenant.id, body.account);
    if (!user) throw new AppError('workflowTask.launchUnknownAccount', {}, 403);
    // A sign is accepted once: its row is the proof (primary key), across server processes.
    if (!(await this.repo.useLaunchSign(tenant.id, expected, new Date(now - 2 * LAUNCH_SIGN_MS)))) throw refuse();
    const auth: AuthContext = { userId: user.id, tenantId: tenant.id, sessionId: 'launch-key', account: user.account };
    return this.engine.start(auth, { schemeId: scheme.id, formValue, userJson: [], relationTaskList: [], message: '', fileValue: '' });
  }
}
