import { callActivityConfig, processConfig, scriptTaskConfig, timerConfig, userTaskConfig } from '@app/contracts';
import type { z } from 'zod';
import { AppError } from '../../../core/errors.js';
import { parseDefinition } from './definition.js';
import { compileExpression } from './expression.js';
import type { DefinitionIssue, WfGraph, WfNode } from './types.js';

/**
 * Validation on save (docs/workflow-design.md "Validation on save"). Every problem is listed, each with the
 * element it concerns, so the designer can mark them all at once; a scheme version saves only without issues.
 */

const NUM = '(\\d+(?:[.,]\\d+)?)';
const DURATION = new RegExp(`^P(?:${NUM}Y)?(?:${NUM}M)?(?:${NUM}W)?(?:${NUM}D)?(?:T(?:${NUM}H)?(?:${NUM}M)?(?:${NUM}S)?)?$`);
const DURATION_UNITS_MS = [365 * 86_400_000, 30 * 86_400_000, 7 * 86_400_000, 86_400_000, 3_600_000, 60_000, 1000];

/**
 * An ISO 8601 duration (PT1H, P1D, PT30M, P1DT12H…) in milliseconds; null when it does not parse or is zero.
 * Calendar units are approximated (a year is 365 days, a month 30): timers only need to be roughly on time.
 */
export function parseIsoDuration(text: string): number | null {
  const t = text.trim().toUpperCase();
  const m = DURATION.exec(t);
  if (!m || t === 'P' || t.endsWith('T')) return null;
  let ms = 0;
  for (let i = 0; i < DURATION_UNITS_MS.length; i++) {
    const v = m[i + 1];
    if (v !== undefined) ms += Number(v.replace(',', '.')) * DURATION_UNITS_MS[i]!;
  }
  return ms > 0 ? ms : null;
}

/** A timer's timeDate: an ISO date-time (or 'yyyy-MM-dd HH:mm:ss'); null when unreadable. */
export function parseTimerDate(text: string): Date | null {
  const d = new Date(text.trim().replace(' ', 'T'));
  return Number.isNaN(d.getTime()) ? null : d;
}

const label = (n: WfNode) => n.name || n.id;
const zodDetail = (e: z.ZodError) => e.issues.map((i) => `${i.path.join('.') || '-'}: ${i.message}`).join('; ').slice(0, 300);
const expressionDetail = (e: unknown) => (e instanceof AppError ? String(e.params.detail ?? e.key) : String(e));

export interface ValidateOptions {
  /** Codes of the schemes a call activity may call; when given, an unknown code is an issue. */
  knownSchemeCodes?: string[];
}

export function validateGraph(graph: WfGraph, options: ValidateOptions = {}): DefinitionIssue[] {
  const issues: DefinitionIssue[] = [];
  const nodes = Object.values(graph.nodes);
  const issue = (elementId: string | null, key: string, params?: Record<string, string | number>) => {
    issues.push(params ? { elementId, key, params } : { elementId, key });
  };

  // Exactly one start event.
  const starts = nodes.filter((n) => n.type === 'startEvent');
  if (starts.length !== 1) issue(starts[1]?.id ?? null, 'workflowScheme.invalidStartCount', { count: starts.length });

  // Reachability from the start: along flows, and from an activity to its boundary events.
  const reached = new Set<string>();
  const start = graph.nodes[graph.startNodeId];
  if (start) {
    const queue = [start.id];
    reached.add(start.id);
    while (queue.length) {
      const n = graph.nodes[queue.shift()!];
      if (!n) continue;
      const next = [...n.outgoing.map((f) => graph.flows[f]?.target), ...n.boundaries];
      for (const id of next) {
        if (id && graph.nodes[id] && !reached.has(id)) {
          reached.add(id);
          queue.push(id);
        }
      }
    }
    if (!nodes.some((n) => n.type === 'endEvent' && reached.has(n.id))) issue(null, 'workflowScheme.invalidNoEnd');
    for (const n of nodes) if (!reached.has(n.id)) issue(n.id, 'workflowScheme.invalidUnreachable', { node: label(n) });
  }

  const processParsed = processConfig.safeParse(graph.config);
  if (!processParsed.success) issue(graph.processId || null, 'workflowScheme.invalidNodeConfig', { node: graph.name || graph.processId, detail: zodDetail(processParsed.error) });

  for (const n of nodes) {
    switch (n.type) {
      case 'userTask': {
        const parsed = userTaskConfig.safeParse(n.config);
        if (!parsed.success) issue(n.id, 'workflowScheme.invalidNodeConfig', { node: label(n), detail: zodDetail(parsed.error) });
        else if (parsed.data.candidates.length === 0) issue(n.id, 'workflowScheme.invalidNoCandidate', { node: label(n) });
        break;
      }
      case 'scriptTask': {
        const parsed = scriptTaskConfig.safeParse(n.config);
        if (!parsed.success) {
          issue(n.id, 'workflowScheme.invalidNodeConfig', { node: label(n), detail: zodDetail(parsed.error) });
          break;
        }
        // Script expressions must parse too, or the instance would fail when it gets there.
        for (const action of parsed.data.actions) {
          const texts = action.type === 'set' ? [action.expression] : Object.values(action.params);
          for (const text of texts) {
            try {
              compileExpression(text);
            } catch (e) {
              issue(n.id, 'workflowScheme.invalidNodeConfig', { node: label(n), detail: expressionDetail(e) });
            }
          }
        }
        break;
      }
      case 'callActivity': {
        if (!n.calledElement) issue(n.id, 'workflowScheme.invalidCallActivity', { node: label(n) });
        else if (options.knownSchemeCodes && !options.knownSchemeCodes.includes(n.calledElement)) {
          issue(n.id, 'workflowScheme.invalidCalledScheme', { node: label(n), code: n.calledElement });
        }
        const parsed = callActivityConfig.safeParse(n.config);
        if (!parsed.success) issue(n.id, 'workflowScheme.invalidNodeConfig', { node: label(n), detail: zodDetail(parsed.error) });
        break;
      }
      case 'boundaryEvent': {
        // Only timers are supported as boundary events; a timer needs a readable duration or date.
        const { duration, date } = n.timer ?? {};
        const ok = duration !== undefined ? parseIsoDuration(duration) !== null : date !== undefined && parseTimerDate(date) !== null;
        if (!ok) issue(n.id, 'workflowScheme.invalidTimer', { node: label(n) });
        const parsed = timerConfig.safeParse(n.config);
        if (!parsed.success) issue(n.id, 'workflowScheme.invalidNodeConfig', { node: label(n), detail: zodDetail(parsed.error) });
        break;
      }
      case 'exclusiveGateway':
      case 'inclusiveGateway': {
        // Several ways out: each must be chosen by a condition, or be the default.
        if (n.outgoing.length > 1 && n.outgoing.some((f) => f !== n.defaultFlow && graph.flows[f]?.condition === undefined)) {
          issue(n.id, 'workflowScheme.invalidGatewayRoute', { node: label(n) });
        }
        break;
      }
      default:
        break;
    }
  }

  for (const f of Object.values(graph.flows)) {
    if (f.condition === undefined) continue;
    try {
      compileExpression(f.condition);
    } catch (e) {
      issue(f.id, 'workflowScheme.invalidCondition', { flow: f.name || f.id, detail: expressionDetail(e) });
    }
  }
  return issues;
}

/** Parse and validate in one go (what saving a scheme version needs): the graph is null when unusable. */
export async function validateDefinition(xml: string, options: ValidateOptions = {}): Promise<{ graph: WfGraph | null; issues: DefinitionIssue[] }> {
  const { graph, issues } = await parseDefinition(xml);
  if (!graph) return { graph, issues };
  return { graph, issues: [...issues, ...validateGraph(graph, options)] };
}
