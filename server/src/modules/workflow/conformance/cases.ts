import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The BPMN conformance suite's table (docs/bpmn-conformance.md): one row per case, the file it runs, the behaviour
 * expected as BPMN 2.0 / Flowable / Camunda define it, and where that comes from. conformance.test.ts runs every
 * `run` case through our engine (and bpmn-engine) and every `refuse` case through validateDefinition.
 *
 * Path convention: the ids of the activities (events, gateways, tasks, sub-processes) in the order they complete —
 * a user task when it is approved, an automatic node when the token passes it, a boundary event when it fires, a
 * sub-process when its last inner token is gone (after its content), a join once when it fires. An activity that
 * runs several times (loop, multi-instance) is listed each time; a multi-instance body is not listed itself, its
 * instances are. `{ anyOrder: [...] }` is a stretch of the path whose order depends on which parallel task is
 * approved first (compared as a multiset).
 */

export type PathItem = string | { anyOrder: string[] };

/**
 * What the runner does after the start, in order:
 * - `approveAll`: approve open user tasks, the oldest first (one at a time), until none is left;
 * - `{ approve: id }`: approve the open task of that node;
 * - `fireTimers`: fire every timer due within 3 hours (our engine: fireDueTimers(now + 3 h); bpmn-engine: every
 *   pending timer);
 * - `{ expectOpen: ids }`: the open user tasks at this point (node ids, a multiset) are part of the expectation.
 */
export type Step = 'approveAll' | 'fireTimers' | { approve: string } | { expectOpen: string[] };

/** What a run gives (our engine or bpmn-engine): compared with the case's expectation. */
export interface Trace {
  /** Validation issues of a file meant to run (`elementId: key`): none expected. */
  issues: string[];
  path: string[];
  /** The open user tasks at each expectOpen step (sorted). */
  open: string[][];
  /** completed, running (waiting at `waitingAt`), or failed (`error`). */
  state: string;
  waitingAt?: string[];
  error?: string;
}

export interface RunCase {
  kind: 'run';
  name: string;
  file: string;
  what: string;
  /** Where the expected behaviour comes from (BPMN 2.0.2 spec section, Flowable / Camunda documentation). */
  source: string;
  /** Start form values (conditions read them). */
  values?: Record<string, unknown>;
  /** Default: ['approveAll']. */
  steps?: Step[];
  expected: { path: PathItem[]; state: 'completed' } | { path: PathItem[]; state: 'running'; waitingAt: string[] };
  /**
   * bpmn-engine (v25) disagrees with Flowable / Camunda here: why. The runner then checks that bpmn-engine gives
   * `bpmnEngineGives` (how it differs, pinned down) — or, without it, anything but the expectation.
   */
  bpmnEngineDiffers?: string;
  bpmnEngineGives?: { path: PathItem[]; state: string };
  /** bpmn-engine cannot run the file at all: why. */
  bpmnEngineSkip?: string;
}

export interface ExpectedIssue {
  /** The element the issue must name (null: the document). */
  elementId: string | null;
  /** The issue's message (English, parameters filled) or its key must match this. */
  matches: RegExp;
}

export interface RefuseCase {
  kind: 'refuse';
  name: string;
  file: string;
  what: string;
  source: string;
  /** Exactly these errors (warnings are not counted), each once. */
  issues: ExpectedIssue[];
  /** Elements that may carry further errors of their own (never "unreachable" / "no end") without counting as a cascade. */
  mayAlsoReport?: string[];
  /** Also saved through POST /api/workflow-scheme-info: 400 with the issues. */
  viaApi?: boolean;
}

export type ConformanceCase = RunCase | RefuseCase;

const SPEC = 'BPMN 2.0.2 (OMG formal/13-12-09)';
const FLOWABLE = 'Flowable BPMN user guide, BPMN 2.0 Constructs (https://www.flowable.com/open-source/docs/bpmn/ch07b-BPMN-Constructs)';
const CAMUNDA = 'https://docs.camunda.org/manual/latest/reference/bpmn20';
const any = (...ids: string[]) => ({ anyOrder: ids });
const times = <T>(n: number, items: T[]): T[] => Array.from({ length: n }, () => items).flat();

const INCLUSIVE_JOIN_DIFFERS =
  "bpmn-engine's inclusive gateway never synchronises (bpmn-elements InclusiveGateway completes at once for every token): " +
  'a converging inclusive gateway passes each arriving token on, so the join and what follows run once per branch. ' +
  'Flowable and Camunda wait for every token that can still arrive.';
const MI_SUBPROCESS_DIFFERS =
  'bpmn-engine runs the instances as expected (three tasks at once / one after another) but reports no completion per ' +
  'instance of a multi-instance sub-process, only one for the whole activity, after the last instance. Flowable and ' +
  "Camunda record each instance's completion (Camunda also the body, as sub#multiInstanceBody).";

export const CASES: ConformanceCase[] = [
  // ---------------------------------------------------------------- sequence and gateways
  {
    kind: 'run',
    name: 'linear',
    file: 'linear',
    what: 'two user tasks in sequence',
    source: `${SPEC} §13.2 (a token follows the sequence flows)`,
    expected: { path: ['start', 'a', 'b', 'end'], state: 'completed' },
  },
  {
    kind: 'run',
    name: 'exclusive: first true condition in document order',
    file: 'exclusive',
    what: 'exclusive gateway, both conditions hold (days 10)',
    source: `${SPEC} §13.4.2; Camunda ${CAMUNDA}/gateways/exclusive-gateway ("the first sequence flow whose condition evaluates to true is selected"); ${FLOWABLE} Exclusive Gateway`,
    values: { days: 10 },
    expected: { path: ['start', 'gw', 'long', 'end'], state: 'completed' },
  },
  {
    kind: 'run',
    name: 'exclusive: the other condition',
    file: 'exclusive',
    what: 'exclusive gateway, only the second condition holds (days 5)',
    source: `${SPEC} §13.4.2; Camunda ${CAMUNDA}/gateways/exclusive-gateway`,
    values: { days: 5 },
    expected: { path: ['start', 'gw', 'mid', 'end'], state: 'completed' },
  },
  {
    kind: 'run',
    name: 'exclusive: default flow',
    file: 'exclusive',
    what: 'exclusive gateway, no condition holds (days 1): the default flow',
    source: `${SPEC} §13.4.2; Camunda ${CAMUNDA}/gateways/sequence-flow (default flow)`,
    values: { days: 1 },
    expected: { path: ['start', 'gw', 'short', 'end'], state: 'completed' },
  },
  {
    kind: 'run',
    name: 'parallel fork / join',
    file: 'parallel',
    what: 'parallel gateway: both branches, the join waits for both',
    source: `${SPEC} §13.4.1; Camunda ${CAMUNDA}/gateways/parallel-gateway`,
    expected: { path: ['start', 'fork', any('a', 'b'), 'join', 'end'], state: 'completed' },
  },
  {
    kind: 'run',
    name: 'nested parallel forks and joins',
    file: 'parallel-nested',
    what: 'a fork/join inside one branch of another fork/join',
    source: `${SPEC} §13.4.1; Camunda ${CAMUNDA}/gateways/parallel-gateway`,
    // a and e first (both open at the start), then b and c, join2, d: with the oldest task approved first.
    expected: { path: ['start', 'fork1', any('a', 'e', 'fork2', 'b', 'c', 'join2', 'd'), 'join1', 'end'], state: 'completed' },
    steps: [{ expectOpen: ['a', 'e'] }, { approve: 'a' }, { expectOpen: ['b', 'c', 'e'] }, 'approveAll'],
  },
  {
    kind: 'run',
    name: 'inclusive: some branches',
    file: 'inclusive',
    what: 'inclusive fork takes the two true flows of three, the join waits for those two only',
    source: `${SPEC} §13.4.3; Camunda ${CAMUNDA}/gateways/inclusive-gateway; ${FLOWABLE} Inclusive Gateway`,
    values: { amount: 500, urgent: true },
    steps: [{ expectOpen: ['a', 'b'] }, 'approveAll'],
    expected: { path: ['start', 'fork', any('a', 'b'), 'join', 'end'], state: 'completed' },
    bpmnEngineDiffers: INCLUSIVE_JOIN_DIFFERS,
    bpmnEngineGives: { path: ['start', 'fork', 'a', 'join', 'end', 'b', 'join', 'end'], state: 'completed' },
  },
  {
    kind: 'run',
    name: 'inclusive: default flow',
    file: 'inclusive',
    what: 'inclusive fork, no condition holds: the default flow alone',
    source: `${SPEC} §13.4.3; Camunda ${CAMUNDA}/gateways/inclusive-gateway`,
    values: { amount: 1, urgent: false },
    expected: { path: ['start', 'fork', 'd', 'join', 'end'], state: 'completed' },
  },
  {
    kind: 'run',
    name: 'inclusive join after a branch that skips',
    file: 'inclusive-join-skip',
    what: 'one branch reaches the inclusive join at once (skip flow), the join waits for the token still at a',
    source: `${SPEC} §13.4.3 (the join waits while a token upstream can still arrive); Camunda ${CAMUNDA}/gateways/inclusive-gateway`,
    values: { amount: 10, skip: true },
    steps: [{ expectOpen: ['a'] }, 'approveAll'],
    expected: { path: ['start', 'fork', 'skipgw', 'a', 'join', 'end'], state: 'completed' },
    bpmnEngineDiffers: INCLUSIVE_JOIN_DIFFERS,
    bpmnEngineGives: { path: ['start', 'fork', 'skipgw', 'join', 'end', 'a', 'join', 'end'], state: 'completed' },
  },
  {
    kind: 'run',
    name: 'loop with a counter',
    file: 'loop-counter',
    what: 'script task counter, exclusive gateway back to a merge gateway until i = 3',
    source: `${SPEC} §13.4.2 (an exclusive gateway with several incoming flows passes each token on); Camunda ${CAMUNDA}/gateways/exclusive-gateway`,
    expected: { path: ['start', 'init', ...times(3, ['merge', 'task', 'inc', 'check']), 'end'], state: 'completed' },
  },
  {
    kind: 'run',
    name: 'sequence flows without id',
    file: 'flows-without-id',
    what: 'conditions, a merge and a parallel fork / join on flows that have no id attribute',
    source: 'Flowable and Camunda test suites: ExclusiveGatewayTest / InclusiveGatewayTest.testNoIdOnSequenceFlow (a flow without id is still a flow)',
    values: { input: 3 },
    expected: { path: ['start', 'xgw', 'more', 'xmerge', 'fork', any('a', 'b'), 'join', 'end'], state: 'completed' },
    bpmnEngineDiffers:
      'bpmn-engine cannot run sequence flows without an id: the run fails at once ("Consumer tag must be unique, _process-flow-controller is occupied"). Flowable and Camunda generate an id for such a flow.',
    bpmnEngineGives: { path: [], state: 'failed' },
  },
  {
    kind: 'run',
    name: 'collaboration: only the executable pool runs',
    file: 'collaboration-two-pools',
    what: 'two pools, the first not executable (isExecutable="false"): only the office process runs',
    source: `${SPEC} §10.2 (isExecutable false: a non-executable, documentation-only process); Flowable deploys only processes with isExecutable="true" (its deployer logs "Ignoring non-executable process"), Camunda 7 likewise`,
    expected: { path: ['o_start', 'o_review', 'o_end'], state: 'completed' },
  },
  {
    kind: 'run',
    name: 'abstract task and manual task pass through',
    file: 'task-and-manual-task',
    what: 'bpmn:task and bpmn:manualTask',
    source: `Camunda ${CAMUNDA}/tasks/manual-task ("handled as a pass-through activity"); Flowable Manual Task ("no execution semantics"); ${SPEC} §10.3.3`,
    expected: { path: ['start', 'prepare', 'sign', 'approve', 'end'], state: 'completed' },
    bpmnEngineDiffers: 'bpmn-engine waits at a bpmn:manualTask for a signal, like a user task (the run stops there); Camunda and Flowable pass it through.',
    bpmnEngineGives: { path: ['start', 'prepare'], state: 'running' },
  },
  {
    kind: 'run',
    name: 'implicit end',
    file: 'implicit-end',
    what: 'a branch ends at a user task without outgoing flow; the instance still completes',
    source: `${SPEC} §10.5.3 (End Events are optional; a node without outgoing sequence flow ends its path) and §13.2 (an instance completes when no token is left); Flowable and Camunda 7 end such an execution (implicit end)`,
    expected: { path: ['start', 'fork', any('a', 'end', 'b')], state: 'completed' },
  },
  {
    kind: 'run',
    name: 'conditional flows out of an activity',
    file: 'activity-conditional-flows',
    what: 'conditional flows and a default straight out of a user task: every true flow is taken',
    source: `Camunda ${CAMUNDA}/gateways/sequence-flow ("When multiple sequence flows are selected that way, multiple executions will be generated"); ${SPEC} §13.3.1`,
    values: { amount: 500 },
    expected: { path: ['start', 'check', any('x', 'end_x', 'y', 'end_y')], state: 'completed' },
  },

  // ---------------------------------------------------------------- sub-processes
  {
    kind: 'run',
    name: 'embedded sub-process',
    file: 'subprocess-embedded',
    what: 'start → user task → end inside a sub-process, then a task after it',
    source: `${SPEC} §13.3.4; Camunda ${CAMUNDA}/subprocesses/embedded-subprocess; ${FLOWABLE} Sub-Process`,
    expected: { path: ['start', 'sub_start', 'review', 'sub_end', 'sub', 'after', 'end'], state: 'completed' },
  },
  {
    kind: 'run',
    name: 'sub-process with parallel branches ending separately',
    file: 'subprocess-parallel-ends',
    what: 'two inner end events: the sub-process completes once, after both, and its outgoing flow fires once',
    source: `${SPEC} §13.3.4 (a sub-process completes when no token is left inside); Camunda ${CAMUNDA}/subprocesses/embedded-subprocess`,
    steps: [{ expectOpen: ['a', 'b'] }, { approve: 'a' }, { expectOpen: ['b'] }, { approve: 'b' }, { expectOpen: ['after'] }, 'approveAll'],
    expected: { path: ['start', 'sub_start', 'fork', 'a', 'end_a', 'b', 'end_b', 'sub', 'after', 'end'], state: 'completed' },
  },
  {
    kind: 'run',
    name: 'nested sub-processes',
    file: 'subprocess-nested',
    what: 'a sub-process inside a sub-process',
    source: `${SPEC} §13.3.4; Camunda ${CAMUNDA}/subprocesses/embedded-subprocess`,
    expected: { path: ['start', 'outer_start', 'inner_start', 'task', 'inner_end', 'inner', 'outer_end', 'outer', 'end'], state: 'completed' },
  },
  {
    kind: 'run',
    name: 'sub-process without start event',
    file: 'subprocess-no-start',
    what: 'no start event inside: every inner node without incoming flow starts; no end events: the sub-process ends when they are done',
    source: `${SPEC} §13.3.4 (a sub-process without start event starts every activity and gateway without incoming sequence flow; it completes when no token is left) and §10.5.2 / §10.5.3. Flowable and Camunda 7 do not support the shape (Camunda ${CAMUNDA}/subprocesses/embedded-subprocess: "the BPMN 2.0 specification allows to omit the start and end events in a subprocess, but the current engine implementation does not support this"): the spec decides`,
    steps: [{ expectOpen: ['a', 'b'] }, 'approveAll'],
    expected: { path: ['start', any('a', 'b'), 'sub', 'end'], state: 'completed' },
  },
  {
    kind: 'run',
    name: 'terminate end inside a sub-process',
    file: 'subprocess-terminate',
    what: 'the terminate end ends the sub-process scope only (t2 cancelled), the sub-process completes, the parent branch side stays open',
    source: `Camunda ${CAMUNDA}/events/terminate-event ("On subprocess level the current scope and all contained process instances will be terminated"); ${FLOWABLE} Terminate End Event (terminateAll false: the scope only); ${SPEC} §13.5.6`,
    steps: [{ expectOpen: ['side', 't1', 't2'] }, { approve: 't1' }, { expectOpen: ['side'] }, 'approveAll'],
    expected: { path: ['start', 'fork', 'sub_start', 'subfork', 't1', 'terminate', 'sub', 'side', 'join', 'end'], state: 'completed' },
  },
  {
    kind: 'run',
    name: 'terminate end at the top level',
    file: 'terminate-top-level',
    what: 'the terminate end cancels the other branch and ends the instance',
    source: `Camunda ${CAMUNDA}/events/terminate-event; ${FLOWABLE} Terminate End Event; ${SPEC} §13.5.6`,
    steps: [{ approve: 'b' }, { expectOpen: [] }],
    expected: { path: ['start', 'fork', 'b', 'terminate'], state: 'completed' },
  },
  {
    kind: 'run',
    name: 'multi-instance sub-process, parallel',
    file: 'mi-subprocess-parallel',
    what: 'loopCardinality 3, isSequential false: three review tasks at once',
    source: `${SPEC} §13.3.7; Camunda ${CAMUNDA}/tasks/task-markers (multi-instance on an embedded sub-process); ${FLOWABLE} Multi-instance (for each)`,
    steps: [{ expectOpen: ['review', 'review', 'review'] }, 'approveAll'],
    expected: { path: ['start', any(...times(3, ['sub_start', 'review', 'sub_end', 'sub'])), 'end'], state: 'completed' },
    bpmnEngineDiffers: MI_SUBPROCESS_DIFFERS,
    bpmnEngineGives: { path: ['start', any(...times(3, ['sub_start', 'review', 'sub_end'])), 'sub', 'end'], state: 'completed' },
  },
  {
    kind: 'run',
    name: 'multi-instance sub-process, sequential',
    file: 'mi-subprocess-sequential',
    what: 'loopCardinality 3, isSequential true: one review task at a time, three rounds',
    source: `${SPEC} §13.3.7; Camunda ${CAMUNDA}/tasks/task-markers; ${FLOWABLE} Multi-instance (for each)`,
    steps: [{ expectOpen: ['review'] }, { approve: 'review' }, { expectOpen: ['review'] }, 'approveAll'],
    expected: { path: ['start', ...times(3, ['sub_start', 'review', 'sub_end', 'sub']), 'end'], state: 'completed' },
    bpmnEngineDiffers: MI_SUBPROCESS_DIFFERS,
    bpmnEngineGives: { path: ['start', ...times(3, ['sub_start', 'review', 'sub_end']), 'sub', 'end'], state: 'completed' },
  },

  // ---------------------------------------------------------------- timers
  {
    kind: 'run',
    name: 'interrupting timer boundary',
    file: 'timer-interrupting',
    what: 'the timer fires: the task is cancelled, the boundary flow is taken',
    source: `Camunda ${CAMUNDA}/events/timer-events (timer boundary event, interrupting by default); ${FLOWABLE} Timer Boundary Event; ${SPEC} §13.5.3`,
    steps: ['fireTimers', { expectOpen: ['escalated'] }, 'approveAll'],
    expected: { path: ['start', 'timeout', 'escalated', 'end_late'], state: 'completed' },
  },
  {
    kind: 'run',
    name: 'non-interrupting timer boundary',
    file: 'timer-non-interrupting',
    what: 'cancelActivity="false": the boundary flow opens chase, task stays open, the join after both waits for both',
    source: `Camunda ${CAMUNDA}/events/timer-events (non-interrupting timer boundary event); ${FLOWABLE} Timer Boundary Event (cancelActivity="false"); ${SPEC} §13.5.3`,
    steps: ['fireTimers', { expectOpen: ['chase', 'task'] }, 'approveAll'],
    expected: { path: ['start', 'reminder', any('task', 'chase'), 'join', 'end'], state: 'completed' },
  },

  // ---------------------------------------------------------------- refused on save
  {
    kind: 'refuse',
    name: 'JavaScript condition',
    file: 'refuse-javascript-condition',
    what: 'conditionExpression language="JavaScript"',
    source: 'Our engine evaluates only its own expressions (docs/workflow-design.md "Expressions"); a script language must not be read as one',
    issues: [{ elementId: 'f_big', matches: /javascript/i }],
  },
  {
    kind: 'refuse',
    name: 'Groovy script task',
    file: 'refuse-groovy-script',
    what: 'scriptTask scriptFormat="groovy" with a script body and no wf:config',
    source: 'Our script tasks run only ScriptTaskConfig actions (contracts scriptTaskConfig); a Groovy body would silently do nothing',
    issues: [{ elementId: 'calc', matches: /groovy/i }],
  },
  {
    kind: 'refuse',
    name: 'error boundary event',
    file: 'refuse-error-boundary',
    what: 'errorEventDefinition on a boundary event',
    source: 'Only timer boundary events are run (docs/workflow-design.md); BPMN errors need service code we do not run',
    issues: [{ elementId: 'boundary', matches: /error/i }],
    viaApi: true,
  },
  {
    kind: 'refuse',
    name: 'signal boundary event',
    file: 'refuse-signal-boundary',
    what: 'signalEventDefinition on a boundary event',
    source: 'Only timer boundary events are run; no signals are broadcast',
    issues: [{ elementId: 'boundary', matches: /signal/i }],
  },
  {
    kind: 'refuse',
    name: 'message boundary event',
    file: 'refuse-message-boundary',
    what: 'messageEventDefinition on a boundary event',
    source: 'Only timer boundary events are run; no messages are correlated',
    issues: [{ elementId: 'boundary', matches: /message/i }],
  },
  {
    kind: 'refuse',
    name: 'escalation boundary event',
    file: 'refuse-escalation-boundary',
    what: 'escalationEventDefinition on a boundary event',
    source: 'Only timer boundary events are run; nothing throws escalations',
    issues: [{ elementId: 'boundary', matches: /escalation/i }],
  },
  {
    kind: 'refuse',
    name: 'conditional boundary event',
    file: 'refuse-conditional-boundary',
    what: 'conditionalEventDefinition on a boundary event',
    source: 'Only timer boundary events are run; conditions are not re-evaluated on variable changes',
    issues: [{ elementId: 'boundary', matches: /conditional/i }],
  },
  {
    kind: 'refuse',
    name: 'compensation boundary event',
    file: 'refuse-compensate-boundary',
    what: 'compensateEventDefinition on a boundary event, associated with its handler',
    source: 'Only timer boundary events are run; there is no compensation',
    issues: [{ elementId: 'boundary', matches: /compensat/i }],
    mayAlsoReport: ['undo'],
  },
  {
    kind: 'refuse',
    name: 'cancel boundary event on a transaction',
    file: 'refuse-cancel-boundary',
    what: 'bpmn:transaction with a cancelEventDefinition boundary',
    source: 'Transactions and cancel events are not run (BPMN allows a cancel boundary only on a transaction)',
    issues: [
      { elementId: 'tx', matches: /transaction/i },
      { elementId: 'boundary', matches: /cancel/i },
    ],
  },
  {
    kind: 'refuse',
    name: 'receive task',
    file: 'refuse-receive-task',
    what: 'bpmn:receiveTask waiting for a message',
    source: 'No message correlation: a receive task would wait forever (or, passed through, not wait at all)',
    issues: [{ elementId: 'wait_doc', matches: /receive ?task/i }],
  },
  {
    kind: 'refuse',
    name: 'intermediate message catch event',
    file: 'refuse-message-catch-event',
    what: 'intermediateCatchEvent with a messageEventDefinition',
    source: 'No message correlation',
    issues: [{ elementId: 'catch1', matches: /message/i }],
  },
  {
    kind: 'refuse',
    name: 'event-based gateway',
    file: 'refuse-event-based-gateway',
    what: 'bpmn:eventBasedGateway before a message and a timer catch event',
    source: 'Event-based gateways are not run',
    issues: [{ elementId: 'ebg', matches: /event-?based|eventGateway/i }],
    mayAlsoReport: ['on_answer', 'on_time'],
  },
  {
    kind: 'refuse',
    name: 'event sub-process',
    file: 'refuse-event-subprocess',
    what: 'subProcess triggeredByEvent="true" with a message start event',
    source: 'Event sub-processes are not run',
    issues: [{ elementId: 'evsub', matches: /event ?sub-?process/i }],
  },
];

/** A conformance file's XML with every `${user:<account>}` replaced by users[account] (as fixtures/index.ts does). */
export function conformanceXml(file: string, users: Record<string, string> = {}): string {
  const xml = readFileSync(fileURLToPath(new URL(`./${file}.bpmn`, import.meta.url)), 'utf8');
  return xml.replace(/\$\{user:([\w.-]+)\}/g, (_, account: string) => {
    const id = users[account];
    if (id === undefined) throw new Error(`conformance ${file}: no user id given for account ${account}`);
    return id;
  });
}

/** Does `actual` follow `expected` (plain ids in order, anyOrder stretches as multisets)? */
export function pathMatches(expected: PathItem[], actual: string[]): boolean {
  let i = 0;
  for (const item of expected) {
    if (typeof item === 'string') {
      if (actual[i] !== item) return false;
      i += 1;
      continue;
    }
    const got = actual.slice(i, i + item.anyOrder.length);
    if (got.length !== item.anyOrder.length || [...got].sort().join('\n') !== [...item.anyOrder].sort().join('\n')) return false;
    i += item.anyOrder.length;
  }
  return i === actual.length;
}

export const showPath = (path: PathItem[]): string => path.map((p) => (typeof p === 'string' ? p : `{${p.anyOrder.join(', ')}}`)).join(', ') || '(nothing)';

const sorted = (ids: string[]) => [...ids].sort();
const list = (ids: string[]) => `[${ids.join(', ')}]`;

/**
 * Compares a run's trace with what is expected; answers null when it matches, else a readable report (one line per
 * thing compared, expected next to actual) for the test's failure message.
 */
export function traceReport(
  title: string,
  expected: { path: PathItem[]; state: string; waitingAt?: string[] },
  steps: Step[],
  trace: Trace,
  opts: { checkIssues?: boolean } = {},
): string | null {
  const expectedOpen = steps.filter((s): s is { expectOpen: string[] } => typeof s === 'object' && 'expectOpen' in s).map((s) => sorted(s.expectOpen));
  const problems: string[] = [];
  if (opts.checkIssues && trace.issues.length) problems.push(`  validation: expected no issue, got ${trace.issues.join('; ')}`);
  const pathOk = pathMatches(expected.path, trace.path);
  const openOk = expectedOpen.length === trace.open.length && expectedOpen.every((o, i) => list(o) === list(sorted(trace.open[i] ?? [])));
  const waitingOk = expected.state !== 'running' || list(sorted(expected.waitingAt ?? [])) === list(sorted(trace.waitingAt ?? []));
  const stateOk = expected.state === trace.state && waitingOk;
  if (pathOk && openOk && stateOk && problems.length === 0) return null;
  const state = (s: string, waiting?: string[]) => (s === 'running' ? `running, waiting at ${list(sorted(waiting ?? []))}` : s);
  problems.push(`  path     ${pathOk ? 'ok      ' : 'expected'} ${showPath(expected.path)}`);
  if (!pathOk) problems.push(`           actual   ${trace.path.join(', ') || '(nothing)'}`);
  expectedOpen.forEach((o, i) => {
    const got = trace.open[i];
    const same = got !== undefined && list(o) === list(sorted(got));
    problems.push(`  open #${i + 1}  ${same ? 'ok      ' : 'expected'} ${list(o)}${same ? '' : `   actual ${got ? list(sorted(got)) : '(step not reached)'}`}`);
  });
  problems.push(
    `  state    ${stateOk ? 'ok      ' : 'expected'} ${state(expected.state, expected.waitingAt)}${stateOk ? '' : `   actual ${state(trace.state, trace.waitingAt)}`}`,
  );
  if (trace.error) problems.push(`  error    ${trace.error}`);
  return `${title}\n${problems.join('\n')}`;
}
