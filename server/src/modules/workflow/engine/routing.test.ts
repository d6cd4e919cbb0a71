import { describe, expect, it } from 'vitest';
import { inclusiveJoinReady, miDecision, nextUserTasks, outgoingFlows, parallelJoinMissing, rejectTargets, type Evaluate, type MiCounts } from './routing.js';
import type { WfGraph, WfNode, WfNodeType } from './types.js';

/** Conditions in these tests are variable names: true when the variable is truthy. */
const evaluate: Evaluate = (expression, scope) => Boolean(scope[expression]);

/** A graph from `a->b[cond]` edges; node types by id prefix (s start, e end, u user task, x/p/i gateways, t script). */
function graph(edges: string[], defaults: Record<string, string> = {}): WfGraph {
  const typeOf: Record<string, WfNodeType> = {
    s: 'startEvent',
    e: 'endEvent',
    u: 'userTask',
    x: 'exclusiveGateway',
    p: 'parallelGateway',
    i: 'inclusiveGateway',
    t: 'scriptTask',
  };
  const g: WfGraph = { processId: 'p', name: 'p', config: {}, startNodeId: 's', nodes: {}, flows: {} };
  const node = (id: string): WfNode =>
    (g.nodes[id] ??= { id, type: typeOf[id[0]!]!, bpmnType: '', name: id, incoming: [], outgoing: [], config: {}, boundaries: [] });
  for (const edge of edges) {
    const m = /^(\w+)->(\w+)(?:\[(\w+)\])?$/.exec(edge)!;
    const [, from, to, condition] = m;
    const id = `${from}_${to}`;
    g.flows[id] = { id, name: '', source: from!, target: to!, condition };
    node(from!).outgoing.push(id);
    node(to!).incoming.push(id);
  }
  for (const [n, f] of Object.entries(defaults)) g.nodes[n]!.defaultFlow = f;
  return g;
}

const targets = (g: WfGraph, from: string, scope: Record<string, unknown>) => outgoingFlows(g, g.nodes[from]!, scope, evaluate).map((f) => f.target);

describe('outgoingFlows', () => {
  const g = graph(['x->u1[a]', 'x->u2[b]', 'x->u3', 'i->u1[a]', 'i->u2[b]', 'i->u3', 'p->u1[a]', 'p->u2'], { x: 'x_u3', i: 'i_u3' });
  const noDefault = graph(['x->u1[a]', 'x->u2[b]']);
  it.each([
    ['exclusive: first true in document order', g, 'x', { a: 1, b: 1 }, ['u1']],
    ['exclusive: second', g, 'x', { b: 1 }, ['u2']],
    ['exclusive: default', g, 'x', {}, ['u3']],
    ['inclusive: all true', g, 'i', { a: 1, b: 1 }, ['u1', 'u2']],
    ['inclusive: default', g, 'i', {}, ['u3']],
    ['parallel: all, conditions ignored', g, 'p', {}, ['u1', 'u2']],
  ])('%s', (_name, graph_, from, scope, expected) => {
    expect(targets(graph_, from, scope)).toEqual(expected);
  });
  it('exclusive without a true flow or default: workflow.noRoute', () => {
    expect(() => targets(noDefault, 'x', {})).toThrow('workflow.noRoute');
  });
});

describe('joins', () => {
  it('parallel join waits for one token per incoming flow', () => {
    const g = graph(['s->p', 'p->u1', 'p->u2', 'u1->j', 'u2->j', 'j->e']);
    g.nodes.j!.type = 'parallelGateway';
    expect(parallelJoinMissing(g.nodes.j!, ['u1_j'])).toEqual(['u2_j']);
    expect(parallelJoinMissing(g.nodes.j!, ['u1_j', 'u2_j'])).toEqual([]);
  });
  it('inclusive join waits while a token elsewhere can still reach it', () => {
    const g = graph(['s->i', 'i->u1', 'i->u2', 'u1->j', 'u2->t', 't->j', 'j->e', 's->u3', 'u3->e']);
    g.nodes.j!.type = 'inclusiveGateway';
    expect(inclusiveJoinReady(g, g.nodes.j!, ['u2'])).toBe(false);
    expect(inclusiveJoinReady(g, g.nodes.j!, ['t'])).toBe(false);
    expect(inclusiveJoinReady(g, g.nodes.j!, ['u3'])).toBe(true);
    expect(inclusiveJoinReady(g, g.nodes.j!, [])).toBe(true);
  });
});

describe('miDecision', () => {
  const c = (completion: MiCounts['completion'], total: number, agreed: number, rejected: number, percentage = 100): MiCounts => ({
    completion,
    percentage,
    total,
    agreed,
    rejected,
    finished: agreed + rejected,
  });
  it.each([
    [c('all', 3, 2, 0), 'continue'],
    [c('all', 3, 3, 0), 'complete'],
    [c('all', 3, 1, 1), 'reject'],
    [c('any', 3, 0, 1), 'continue'],
    [c('any', 3, 1, 0), 'complete'],
    [c('any', 2, 0, 2), 'reject'],
    [c('percentage', 4, 2, 0, 50), 'complete'],
    [c('percentage', 4, 1, 0, 50), 'continue'],
    [c('percentage', 4, 1, 2, 60), 'reject'],
    [c('percentage', 3, 2, 1, 60), 'complete'],
  ] as const)('%o → %s', (counts, expected) => {
    expect(miDecision(counts)).toBe(expected);
  });
});

describe('reject targets and next user tasks', () => {
  const g = graph(['s->u1', 'u1->x', 'x->u2[a]', 'x->t', 't->u3', 'u2->e', 'u3->e'], { x: 'x_t' });
  it('earlier user tasks passed plus the start, unless configured', () => {
    expect(rejectTargets(g, g.nodes.u2!, [], ['u1', 'u2']).map((n) => n.id)).toEqual(['s', 'u1']);
    expect(rejectTargets(g, g.nodes.u2!, ['u1'], ['u1']).map((n) => n.id)).toEqual(['u1']);
  });
  it('next user tasks through gateways and scripts, following conditions', () => {
    expect(nextUserTasks(g, g.nodes.u1!, { a: true }, evaluate).map((n) => n.id)).toEqual(['u2']);
    expect(nextUserTasks(g, g.nodes.u1!, {}, evaluate).map((n) => n.id)).toEqual(['u3']);
  });
});
