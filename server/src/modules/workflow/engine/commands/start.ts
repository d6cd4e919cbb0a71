import { processConfig, userTaskConfig, type ActionResult, type CandidateNode, type CreateProcessBody, type FormValueEntry } from '@app/contracts';
import type { AuthContext } from '../../../../core/deps.js';
import { AppError } from '../../../../core/errors.js';
import { newId } from '../../../../core/ids.js';
import { enabledUsers } from '../candidates.js';
import { type ActionRun, FORM_VARIABLE, Rollback, STARTER_CHOICE_VARIABLE, STARTER_VARIABLE, loadGraph, type FormKey } from '../node-types/runtime.js';
import { userDepartmentIds } from '../store/departments.js';
import type { StartOptions, WfGraph, WfNode } from '../types.js';
import { instanceTitle } from '../instance-title.js';
import { DEFAULT_TIME_ZONE, localDayRange } from '../../../../core/time-zone.js';
import * as store from '../store.js';
import { runAction, type EngineContext } from './action.js';
import { saveForms } from './shared.js';

/** Launching an instance (create-process; reinitiate launches too). */

async function instanceName(
  ctx: EngineContext,
  run: ActionRun,
  graph: WfGraph,
  schemeId: string,
  schemeName: string,
  starterId: string,
  given?: string,
): Promise<string> {
  if (given?.trim()) return given.trim();
  const template = processConfig.parse(graph.config).titleTemplate;
  const starter = await store.realName(run.trx, starterId);
  // The date is the launch's calendar day where the users are (TIME_ZONE), not in UTC; the serial counts this
  // scheme's launches that day. The scheme's row is locked first, so concurrent launches count one after another.
  const timeZone = ctx.deps.config.timeZone ?? DEFAULT_TIME_ZONE;
  await store.lockScheme(run.trx, run.tenantId, schemeId);
  const { start, end } = localDayRange(run.now, timeZone);
  const n = await store.countLaunches(run.trx, run.tenantId, schemeId, start, end);
  return instanceTitle(template, { schemeName, starter: starter ?? '', at: run.now, timeZone, serial: n + 1 });
}

/** User tasks with a starterChoice rule, anywhere in the process (inside sub-processes too). */
export function starterChoiceNodes(graph: WfGraph): WfNode[] {
  return Object.values(graph.nodes).filter((n) => {
    if (n.type !== 'userTask') return false;
    const parsed = userTaskConfig.safeParse(n.config);
    return parsed.success && parsed.data.candidates.some((r) => r.type === 'starterChoice');
  });
}

/**
 * The approvers the starter chose for the starterChoice nodes (node id → user ids), from `userJson` or, for a
 * relaunch, kept from the previous instance (its users still enabled). A node without a choice is asked for
 * (retCode 2, `anyUser`, nothing changed); a choice naming nobody, or a user who is not an enabled user of the
 * tenant, is refused.
 */
async function starterChoices(
  run: ActionRun,
  tenantId: string,
  nodes: WfNode[],
  userJson: { taskId: string; userList: string[] }[],
  kept: unknown,
): Promise<Record<string, string[]>> {
  const choices: Record<string, string[]> = {};
  const missing: CandidateNode[] = [];
  const previous = (kept ?? {}) as Record<string, string[]>;
  for (const node of nodes) {
    const given = userJson.find((c) => c.taskId === node.id)?.userList;
    if (given) choices[node.id] = await checkedChoice(run, tenantId, node, given);
    else {
      const still = await enabledUsers(run.trx, tenantId, Array.isArray(previous[node.id]) ? previous[node.id]! : []);
      if (still.length) choices[node.id] = still.map((u) => u.id);
      else missing.push({ name: node.name, taskId: node.id, userList: [], anyUser: true });
    }
  }
  if (missing.length) throw new Rollback<ActionResult>({ retCode: 2, processInstanceId: '', nodes: missing });
  return choices;
}

/** The chosen user ids, each an enabled user of the tenant, in the order chosen without repeats. */
async function checkedChoice(run: ActionRun, tenantId: string, node: WfNode, given: string[]): Promise<string[]> {
  const ids = [...new Set(given)];
  if (ids.length === 0) throw new AppError('workflow.nodeNeedsApprover', { node: node.name || node.id }, 400);
  const users = await enabledUsers(run.trx, tenantId, ids);
  if (users.length !== ids.length) throw new AppError('workflow.starterChoiceInvalid', { node: node.name || node.id }, 400);
  return ids;
}

/** Creates and runs a new instance of the scheme's current version (start and reinitiate). */
export async function launch(
  ctx: EngineContext,
  run: ActionRun,
  auth: AuthContext,
  schemeId: string,
  input: {
    formValue: FormValueEntry[];
    formKeys?: FormKey[];
    /** The form keys come from the caller (start's option): each must be one of the scheme's forms. */
    checkKeys?: boolean;
    variables?: Record<string, unknown>;
    name?: string;
    userJson: { taskId: string; userList: string[] }[];
    related: string[];
    message?: string;
    fileValue?: string;
  },
): Promise<ActionResult> {
  // The launch authority is the scheme module's one rule (the launchable list and auth-user use it too).
  const scheme = await store.schemeToLaunch(run.trx, auth.tenantId, schemeId, auth.userId);
  if (!scheme) throw new AppError('workflow.schemeNotFound', {}, 404);
  if (!scheme.enabled) throw new AppError('workflow.schemeDisabled', {}, 409);
  if (!scheme.may_launch) throw new AppError('workflow.noLaunchRight', {}, 403);
  if (!scheme.current_version_id) throw new AppError('workflow.noSchemeVersion', {}, 409);
  const graph = await loadGraph(run.trx, scheme.current_version_id);
  // Asked (retCode 2) or refused before anything is written.
  const choiceNodes = starterChoiceNodes(graph);
  const choices = await starterChoices(run, auth.tenantId, choiceNodes, input.userJson, input.variables?.[STARTER_CHOICE_VARIABLE]);
  const variables = { ...input.variables };
  delete variables[STARTER_CHOICE_VARIABLE];
  if (choiceNodes.length) variables[STARTER_CHOICE_VARIABLE] = choices;
  variables[STARTER_VARIABLE] = { departmentIds: await userDepartmentIds(run.trx, auth.tenantId, auth.userId) };
  const id = newId();
  const instance = run.adopt({
    id,
    tenant_id: auth.tenantId,
    root_id: id,
    parent_id: null,
    parent_node_id: null,
    parent_execution_id: null,
    scheme_id: scheme.id,
    version_id: scheme.current_version_id,
    name: await instanceName(ctx, run, graph, scheme.id, scheme.name, auth.userId, input.name),
    state: 'running',
    starter_id: auth.userId,
    variables,
    form_keys: input.formKeys ?? [],
    related: input.related,
    created_at: run.now,
  });
  await store.insertInstance(run.trx, instance, run.now);
  // At launch every field is editable (no node authority applies yet); the forms are the scheme's relations.
  const forms = new Set(await store.schemeFormIds(run.trx, scheme.id));
  const foreign = input.checkKeys ? instance.form_keys.find((k) => !forms.has(k.F_FormId)) : undefined;
  if (foreign) throw new AppError('workflow.formNotInProcess', { id: foreign.F_FormId }, 400);
  await saveForms(ctx, run, auth, instance, input.formValue, forms, () => undefined);
  // A starterChoice node's entry is its stored choice, not a narrowing of its candidates (approverChoice).
  for (const c of input.userJson) if (!(c.taskId in choices)) run.chosen.set(c.taskId, c.userList);
  run.previousUserId = auth.userId;
  run.enter(instance, graph.startNodeId);
  await run.drain();
  if (run.choices.length) throw new Rollback<ActionResult>({ retCode: 2, processInstanceId: '', nodes: run.choices });
  return { retCode: 0, processInstanceId: id };
}

/**
 * create-process. `options.formKeys`: launch over existing form records (create-processform): the instance's
 * form keys point to them, no record is written unless `body.formValue` gives values for one of them;
 * `options.formValues`: their values, the form snapshot conditions read.
 */
export async function start(ctx: EngineContext, auth: AuthContext, body: CreateProcessBody, options: StartOptions = {}): Promise<ActionResult> {
  const once = options.idempotencyKey ? { tenantId: auth.tenantId, userId: auth.userId, key: options.idempotencyKey, action: 'create-process' } : null;
  return runAction(
    ctx,
    auth.tenantId,
    async (run) => {
      // A launch from a draft consumes it first: the row lock makes a second launch from the same draft wait,
      // then find it gone and be refused, so one draft makes one instance. An unknown draft is refused too.
      if (body.draftId) {
        if (!(await store.consumeDraft(run.trx, auth.tenantId, auth.userId, body.draftId))) throw new AppError('workflowTask.draftNotFound', {}, 404);
      }
      const result = await launch(ctx, run, auth, body.schemeId, {
        formValue: body.formValue,
        formKeys: options.formKeys?.map((k) => ({ ...k })),
        checkKeys: options.formKeys !== undefined,
        variables: options.formValues ? { [FORM_VARIABLE]: { ...options.formValues } } : undefined,
        name: body.name,
        userJson: body.userJson,
        related: body.relationTaskList,
      });
      return result;
    },
    once,
  );
}
