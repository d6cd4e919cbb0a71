import { createProcessBody, taskHandleBody } from '@app/contracts';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../../../core/deps.js';
import { AppError } from '../../../core/errors.js';
import { catalogs, translate, type MessageKey } from '../../../core/i18n/index.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { authOf, deployScheme, userIds } from '../../../test/workflow-fixtures.js';
import { engineOf } from '../engine/index.js';
import { validateDefinition } from '../engine/validate.js';
import type { DefinitionIssue } from '../engine/types.js';
import { runInBpmnEngine } from './bpmn-engine-run.js';
import { CASES, conformanceXml, showPath, traceReport, type RefuseCase, type RunCase, type Step, type Trace } from './cases.js';

/**
 * The BPMN conformance suite (docs/bpmn-conformance.md). Every `run` case of cases.ts goes through our engine
 * in-process (one test app for all) and through bpmn-engine in memory; every `refuse` case through
 * validateDefinition (one also through the save API). A failure names the case and shows the expected path and
 * state next to the actual ones.
 */

const RUNS = CASES.filter((c): c is RunCase => c.kind === 'run');
const REFUSALS = CASES.filter((c): c is RefuseCase => c.kind === 'refuse');
const DEFAULT_STEPS: Step[] = ['approveAll'];
/** History actions that complete an activity (a user task's vote, an automatic node, a fired boundary…). */
const COMPLETING = new Set(['start', 'node', 'agree_', 'custom', 'auto', 'timeout', 'skip']);
/** Safety stop for approveAll (a loop that never ends). */
const MAX_APPROVALS = 40;

let t: TestApp;
let ids: Record<string, string>;
const auths: Record<string, AuthContext> = {};
const accountOf = new Map<string, string>();
const schemes = new Map<string, Promise<string>>();
const engine = () => engineOf(t.deps);

beforeAll(async () => {
  t = await createTestApp();
  ids = await userIds(t);
  for (const account of ['admin', 'lisi', 'wangwu', 'zhangsan']) {
    auths[account] = await authOf(t, account);
    accountOf.set(ids[account]!, account);
  }
}, 60_000);
afterAll(() => t?.close());

/** Each file is deployed once (as deployScheme writes it: parsed, not validated — validation is reported apart). */
function schemeOf(file: string): Promise<string> {
  let scheme = schemes.get(file);
  if (!scheme) {
    scheme = deployScheme(t, { code: `conf-${file}`, name: `conformance ${file}`, xml: conformanceXml(file, ids) }).then((s) => s.schemeId);
    schemes.set(file, scheme);
  }
  return scheme;
}

const describeError = (e: unknown) => (e instanceof AppError ? `${e.key} ${JSON.stringify(e.params)}` : e instanceof Error ? e.message : String(e));

/** Open tasks of the instance (and of any instance below it), oldest first, with the users who may act. */
async function openTasks(instanceId: string) {
  const rows = await t.deps.db
    .selectFrom('wf_tasks as k')
    .innerJoin('wf_instances as i', 'i.id', 'k.instance_id')
    .select(['k.id', 'k.node_id', 'k.assignee_id', 'k.created_at'])
    .where('i.root_id', '=', instanceId)
    .where('k.state', '=', 'open')
    .orderBy('k.created_at')
    .orderBy('k.id')
    .execute();
  if (rows.length === 0) return [];
  const users = await t.deps.db
    .selectFrom('wf_task_users')
    .select(['task_id', 'user_id'])
    .where(
      'task_id',
      'in',
      rows.map((r) => r.id),
    )
    .where('open', '=', true)
    .execute();
  return rows.map((r) => ({
    ...r,
    users: [r.assignee_id, ...users.filter((u) => u.task_id === r.id).map((u) => u.user_id)].filter((u): u is string => u !== null),
  }));
}

async function approve(instanceId: string, nodeId?: string): Promise<void> {
  const open = await openTasks(instanceId);
  const task = open.find((x) => nodeId === undefined || x.node_id === nodeId);
  if (!task) throw new Error(`no open task${nodeId ? ` at ${nodeId}` : ''} (open: ${open.map((x) => x.node_id).join(', ') || 'none'})`);
  const account = task.users.map((u) => accountOf.get(u)).find((a) => a !== undefined);
  if (!account) throw new Error(`open task at ${task.node_id} has no known user`);
  const result = await engine().handle(auths[account]!, taskHandleBody.parse({ taskId: task.id, btnValue: 'agree_', message: 'conformance' }));
  if (result.retCode !== 0) throw new Error(`approving ${task.node_id}: retCode ${result.retCode} ${JSON.stringify(result)}`);
}

/** Our engine: start as zhangsan with the case's values, then the steps; the path read from wf_history. */
async function runOurs(c: RunCase): Promise<Trace> {
  const xml = conformanceXml(c.file, ids);
  const { issues } = await validateDefinition(xml);
  const trace: Trace = {
    issues: issues.filter((i) => i.severity !== 'warning').map((i) => `${i.elementId ?? '-'}: ${i.key}${i.params ? ` ${JSON.stringify(i.params)}` : ''}`),
    path: [],
    open: [],
    state: 'failed',
  };
  const steps = c.steps ?? DEFAULT_STEPS;
  let instanceId: string | undefined;
  try {
    const schemeId = await schemeOf(c.file);
    const started = await engine().start(
      auths.zhangsan!,
      createProcessBody.parse({ schemeId, formValue: [{ F_FormId: 'conformance-form', F_Type: 1, formData: c.values ?? {} }] }),
    );
    if (started.retCode !== 0) throw new Error(`start: retCode ${started.retCode}`);
    instanceId = started.processInstanceId;
    for (const step of steps) {
      if (step === 'approveAll') {
        for (let i = 0; (await openTasks(instanceId)).length > 0; i++) {
          if (i >= MAX_APPROVALS) throw new Error(`still open after ${MAX_APPROVALS} approvals`);
          await approve(instanceId);
        }
      } else if (step === 'fireTimers') {
        await engine().fireDueTimers(new Date(Date.now() + 3 * 3600_000));
      } else if ('approve' in step) {
        await approve(instanceId, step.approve);
      } else {
        trace.open.push((await openTasks(instanceId)).map((x) => x.node_id).sort());
      }
    }
  } catch (e) {
    trace.error = describeError(e);
  }
  if (instanceId) {
    const history = await t.deps.db
      .selectFrom('wf_history as h')
      .innerJoin('wf_instances as i', 'i.id', 'h.instance_id')
      .select(['h.node_id', 'h.action'])
      .where('i.root_id', '=', instanceId)
      .orderBy('h.seq')
      .execute();
    trace.path = history.filter((h) => COMPLETING.has(h.action)).map((h) => h.node_id);
    const row = await t.deps.db.selectFrom('wf_instances').select('state').where('id', '=', instanceId).executeTakeFirstOrThrow();
    trace.state = row.state === 'running' && trace.error ? 'failed' : row.state;
    trace.waitingAt = (await openTasks(instanceId)).map((x) => x.node_id).sort();
  }
  return trace;
}

const title = (c: RunCase, engineName: string) => `${engineName} — case "${c.name}" (conformance/${c.file}.bpmn): ${c.what}`;

describe('BPMN conformance: our engine', () => {
  for (const c of RUNS) {
    it(`${c.name} (${c.file}.bpmn)`, async () => {
      const trace = await runOurs(c);
      const report = traceReport(title(c, 'our engine'), c.expected, c.steps ?? DEFAULT_STEPS, trace, { checkIssues: true });
      if (report) assert.fail(report);
    });
  }
});

describe('BPMN conformance: bpmn-engine (npm, in memory) on the same files', () => {
  for (const c of RUNS) {
    if (c.bpmnEngineSkip) continue;
    const label = c.bpmnEngineDiffers ? `${c.name}: differs (${c.file}.bpmn)` : `${c.name} (${c.file}.bpmn)`;
    it(label, async () => {
      const steps = c.steps ?? DEFAULT_STEPS;
      const trace = await runInBpmnEngine(conformanceXml(c.file, ids), c.values ?? {}, steps);
      if (!c.bpmnEngineDiffers) {
        const report = traceReport(title(c, 'bpmn-engine'), c.expected, steps, trace);
        if (report) assert.fail(report);
        return;
      }
      // Flowable / Camunda win: bpmn-engine must still give what the table says it gives (or at least not the expectation).
      if (c.bpmnEngineGives) {
        const report = traceReport(`${title(c, 'bpmn-engine')}\n  (bpmnEngineGives: ${c.bpmnEngineDiffers})`, c.bpmnEngineGives, steps, trace);
        if (report) assert.fail(report);
      } else {
        const same = traceReport('', c.expected, steps, trace) === null;
        if (same) assert.fail(`${title(c, 'bpmn-engine')}: now agrees with the expectation ${showPath(c.expected.path)} — drop bpmnEngineDiffers`);
      }
    });
  }
});

/** An issue as the save answers it: English message with its parameters (a key missing from the catalog says so). */
const messageOf = (i: DefinitionIssue) =>
  i.key in catalogs.en ? translate('en', i.key as MessageKey, i.params ?? {}) : `(no English message for ${i.key}) ${JSON.stringify(i.params ?? {})}`;
/** Issues that are a cascade wherever they appear: the refused element must not make the rest unreachable. */
const CASCADE_KEYS = new Set(['workflowScheme.invalidUnreachable', 'workflowScheme.invalidNoEnd']);

function refusalReport(c: RefuseCase, issues: { elementId: string | null; key: string; message: string }[]): string | null {
  const left = [...issues];
  const problems: string[] = [];
  for (const want of c.issues) {
    const at = left.findIndex((i) => i.elementId === want.elementId && (want.matches.test(i.message) || want.matches.test(i.key)));
    if (at >= 0) left.splice(at, 1);
    else problems.push(`  missing  an issue on ${want.elementId ?? '(document)'} matching ${String(want.matches)}`);
  }
  const extra = left.filter((i) => CASCADE_KEYS.has(i.key) || !(c.mayAlsoReport ?? []).includes(i.elementId ?? ''));
  for (const i of extra) problems.push(`  extra    ${i.elementId ?? '(document)'}: ${i.key} — ${i.message}`);
  if (problems.length === 0) return null;
  const got =
    issues.map((i) => `           ${i.elementId ?? '(document)'}: ${i.key} — ${i.message}`).join('\n') || '           (none: the file would be saved)';
  return `refusal — case "${c.name}" (conformance/${c.file}.bpmn): ${c.what}\n${problems.join('\n')}\n  all issues:\n${got}`;
}

describe('BPMN conformance: refused on save', () => {
  for (const c of REFUSALS) {
    it(`${c.name} (${c.file}.bpmn)`, async () => {
      const { issues } = await validateDefinition(conformanceXml(c.file, ids));
      const errors = issues.filter((i) => i.severity !== 'warning').map((i) => ({ elementId: i.elementId, key: i.key, message: messageOf(i) }));
      const report = refusalReport(c, errors);
      if (report) assert.fail(report);
    });
  }

  for (const c of REFUSALS.filter((r) => r.viaApi)) {
    it(`${c.name}: POST /api/workflow-scheme-info answers 400 with the issues`, async () => {
      const token = await t.login('admin');
      const res = await t.send('POST', '/api/workflow-scheme-info', { F_Code: `refuse-${c.file}`, F_Name: c.name, xml: conformanceXml(c.file, ids) }, token, {
        'accept-language': 'en',
      });
      const body = res.json() as { code: number; msg: string; data: { issues?: { elementId: string | null; message: string; severity?: string }[] } | null };
      expect(res.statusCode, `${c.name}: status (msg ${body.msg})`).toBe(400);
      const issues = (body.data?.issues ?? []).filter((i) => i.severity !== 'warning').map((i) => ({ elementId: i.elementId, key: '', message: i.message }));
      const report = refusalReport(c, issues);
      if (report) assert.fail(`${report}\n  (through the API: ${body.msg})`);
    });
  }
});
