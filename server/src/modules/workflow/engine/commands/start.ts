import { processConfig, type ActionResult, type CreateProcessBody, type FormValueEntry } from '@app/contracts';
import type { AuthContext } from '../../../../core/deps.js';
import { AppError } from '../../../../core/errors.js';
import { newId } from '../../../../core/ids.js';
import { type ActionRun, FORM_VARIABLE, Rollback, loadGraph, type FormKey } from '../node-types/runtime.js';
import type { StartOptions, WfGraph } from '../types.js';
import { DEFAULT_TIME_ZONE, instanceTitle, localDayRange } from '../instance-title.js';
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
    variables: input.variables ?? {},
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
  for (const c of input.userJson) run.chosen.set(c.taskId, c.userList);
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
