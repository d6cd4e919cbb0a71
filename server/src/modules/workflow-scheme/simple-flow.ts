import {
  conditionSentence,
  conditionsExpression,
  decompileSimple,
  everySimpleNode,
  SIMPLE_CONDITION_OPS,
  type ConditionWords,
  type SimpleFromBpmnAnswer,
  type SimpleNode,
  type SimpleSimulateAnswer,
  type SimpleSimulateBody,
  type SimulationStep,
} from '@app/contracts';
import type { AuthContext } from '../../core/deps.js';
import { AppError } from '../../core/errors.js';
import { translate, type Lang, type MessageKey } from '../../core/i18n/index.js';
import { enabledUsers, resolveCandidates, usersOfObjects, type CandidateUser } from '../workflow/engine/candidates.js';
import { parseDefinition } from '../workflow/engine/definition.js';
import { evaluateCondition } from '../workflow/engine/expression.js';
import type { Db } from '../workflow/engine/store/db.js';
import { userDepartmentIds } from '../workflow/engine/store/departments.js';

/** The simple designer's server side (docs/workflow-simple.md): reading BPMN as cards, and simulating a launch. */

/** POST /workflow-scheme-info/simple/from-bpmn. */
export async function simpleFromBpmn(xml: string, lang: Lang): Promise<SimpleFromBpmnAnswer> {
  let parsed;
  try {
    parsed = await parseDefinition(xml);
  } catch (e) {
    const detail = e instanceof AppError ? translate(lang, e.key, e.params) : String(e instanceof Error ? e.message : e);
    return { model: null, reason: translate(lang, 'workflowScheme.simpleUnreadable', { detail }), elementId: null };
  }
  const blocking = parsed.issues.find((i) => i.severity !== 'warning');
  if (!parsed.graph || blocking) {
    const detail = blocking ? translate(lang, blocking.key as MessageKey, blocking.params ?? {}) : '';
    return { model: null, reason: translate(lang, 'workflowScheme.simpleUnreadable', { detail }), elementId: blocking?.elementId ?? null };
  }
  const result = decompileSimple(parsed.graph);
  if (result.model) return { model: result.model, reason: null, elementId: null };
  const { key, params, elementId } = result.reason;
  return { model: null, reason: translate(lang, key as MessageKey, params ?? {}), elementId };
}

/** The words of a condition sentence in the reader's language. */
export function conditionWords(lang: Lang): ConditionWords {
  const ops = Object.fromEntries(SIMPLE_CONDITION_OPS.map((op) => [op, translate(lang, `workflowScheme.op.${op}` as MessageKey)]));
  return {
    and: translate(lang, 'workflowScheme.condAnd'),
    or: translate(lang, 'workflowScheme.condOr'),
    ops: ops as ConditionWords['ops'],
    fieldLabel: (field) =>
      field === '@starter'
        ? translate(lang, 'workflowScheme.condStarter')
        : field === '@starterDepartment'
          ? translate(lang, 'workflowScheme.condStarterDepartment')
          : undefined,
  };
}

const asUsers = (users: CandidateUser[]) => users.map((u) => ({ F_UserId: u.id, F_RealName: u.realName }));

/** A simulation resolves the approvers of every card it reaches (a query each): larger chains are refused. */
export const MAX_SIMULATED_CARDS = 1000;

/** POST /workflow-scheme-info/simple/simulate: the path a launch would take with these values, walked like the engine. */
export async function simulateSimple(db: Db, auth: AuthContext, lang: Lang, body: SimpleSimulateBody): Promise<SimpleSimulateAnswer> {
  const cards = everySimpleNode(body.model.nodes).length;
  if (cards > MAX_SIMULATED_CARDS) throw new AppError('workflowScheme.simulateTooLarge', { count: cards, max: MAX_SIMULATED_CARDS }, 400);
  const starterId = body.starterId ?? auth.userId;
  const [starter] = await enabledUsers(db, auth.tenantId, [starterId]);
  if (!starter) throw new AppError('workflowScheme.simulateStarter', {}, 400);
  const scope = { ...body.formValues, starter: { userId: starterId, departmentIds: await userDepartmentIds(db, auth.tenantId, starterId) } };
  const words = conditionWords(lang);
  const t = (key: MessageKey, params: Record<string, string | number> = {}) => translate(lang, key, params);
  const steps: SimulationStep[] = [
    { nodeId: 'start', kind: 'start', name: body.model.startName, users: asUsers([starter]), note: t('workflowScheme.simulateStart'), depth: 0 },
  ];
  const visited: string[] = [];
  let previousUserId: string | null = starterId;
  let refusal: string | null = null;

  const approver = async (node: Extract<SimpleNode, { type: 'approver' }>, depth: number) => {
    const chosenAtLaunch = node.config.candidates.some((r) => (r.type as string) === 'starterChoice');
    const rules = node.config.candidates.filter((r) => (r.type as string) !== 'starterChoice');
    let users = rules.length ? await resolveCandidates(db, rules, { tenantId: auth.tenantId, starterId, previousUserId, formValues: body.formValues }) : [];
    const notes = [t(`workflowScheme.mode.${node.mode}`, { percentage: node.config.percentage })];
    if (chosenAtLaunch) notes.push(t('workflowScheme.simulateChosen'));
    if (users.length === 0 && !chosenAtLaunch) {
      const fallback = node.config as { whenNoCandidate: string; fallbackUsers?: string[] };
      if (fallback.whenNoCandidate === 'skip') notes.push(t('workflowScheme.simulateSkipped'));
      else if (fallback.whenNoCandidate === 'admin' && (users = await enabledUsers(db, auth.tenantId, fallback.fallbackUsers ?? [])).length > 0) {
        notes.push(t('workflowScheme.simulateToAdmin'));
      } else refusal = translate(lang, 'workflow.noCandidate' as MessageKey, { node: node.name || node.id });
    }
    steps.push({ nodeId: node.id, kind: 'approver', name: node.name, users: asUsers(users), note: notes.join('；'), depth });
    if (users[0]) previousUserId = users[users.length - 1]!.id;
  };

  const walk = async (nodes: SimpleNode[], depth: number): Promise<void> => {
    for (const node of nodes) {
      if (refusal) return;
      visited.push(node.id);
      if (node.type === 'approver') await approver(node, depth);
      else if (node.type === 'cc') {
        const users = await enabledUsers(db, auth.tenantId, await usersOfObjects(db, auth.tenantId, node.recipients));
        steps.push({ nodeId: node.id, kind: 'cc', name: node.name, users: asUsers(users), note: t('workflowScheme.simulateCc'), depth });
      } else if (node.type === 'parallel') {
        for (const branch of node.branches) {
          visited.push(branch.id);
          steps.push({ nodeId: branch.id, kind: 'branch', name: branch.name, users: [], note: t('workflowScheme.simulateParallel'), depth });
          await walk(branch.nodes, depth + 1);
        }
      } else {
        const taken = chooseBranch(node, scope, lang);
        if (typeof taken === 'string') {
          refusal = taken;
          return;
        }
        visited.push(taken.id);
        const note = taken.otherwise ? t('workflowScheme.simulateOtherwise') : conditionSentence(taken.conditions, words) || (taken.expression ?? '');
        steps.push({ nodeId: taken.id, kind: 'branch', name: taken.name, users: [], note, depth });
        await walk(taken.nodes, depth + 1);
      }
    }
  };
  await walk(body.model.nodes, 0);
  if (!refusal) steps.push({ nodeId: 'end', kind: 'end', name: body.model.endName, users: [], note: '', depth: 0 });
  return { steps, visited, refusal };
}

/** The branch an exclusive gateway takes: the first whose condition holds, else the otherwise branch; or why none. */
function chooseBranch(node: Extract<SimpleNode, { type: 'condition' }>, scope: Record<string, unknown>, lang: Lang) {
  for (const branch of node.branches) {
    if (branch.otherwise) continue;
    const expression = branch.conditions.some((g) => g.length > 0) ? conditionsExpression(branch.conditions) : (branch.expression ?? '');
    if (!expression) continue;
    try {
      if (evaluateCondition(expression, scope)) return branch;
    } catch (e) {
      const detail = e instanceof AppError ? translate(lang, e.key, e.params) : String(e);
      return translate(lang, 'workflowScheme.simulateBadCondition', { branch: branch.name, detail });
    }
  }
  return node.branches.find((b) => b.otherwise) ?? translate(lang, 'workflow.noRoute' as MessageKey, { node: node.name || node.branches[0]!.name });
}
