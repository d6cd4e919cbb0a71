import { WF_NAMESPACE } from '../workflow.js';
import type { ConditionClause, SimpleApprover, SimpleDeadline, SimpleNode, SimpleProcess } from './model.js';
import { STARTER_FIELDS } from './model.js';

/**
 * The simple model as BPMN 2.0 with `<wf:config>` (docs/workflow-simple.md "Compilation"). No diagram is written:
 * the server lays out every DI-less file on save, so the BPMN designer opens the stored version drawn.
 *
 * Ids carry the model back (decompile.ts): a card is its element, a group's split gateway has the group's id and
 * its join `<group>_join`, a branch is the flow leaving the split (its id and name; the otherwise branch is the
 * gateway's default flow), structured conditions ride in the flow's `<wf:config>` beside the expression they
 * compile to. Flows are written in priority order, which is the order the engine tries them.
 */

export const START_ID = 'start';
export const END_ID = 'end';
export const joinId = (groupId: string) => `${groupId}_join`;
export const deadlineId = (approverId: string) => `${approverId}_deadline`;

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const config = (value: unknown) => `<bpmn:extensionElements><wf:config>${escape(JSON.stringify(value))}</wf:config></bpmn:extensionElements>`;

// ---------- conditions ----------

/** A value as an expression literal: a number when it reads as one (the engine compares numeric text as numbers). */
function literal(value: string): string {
  const text = value.trim();
  if (/^-?\d+(\.\d+)?$/.test(text)) return text;
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '\\r')}'`;
}

const reference = (field: string) => STARTER_FIELDS[field as keyof typeof STARTER_FIELDS] ?? field;

/** A clause over the initiator's departments (a list): equal / in mean "any of them is". */
function departmentsExpression(c: ConditionClause): string | undefined {
  const any = `(${c.values.map((v) => `contains(starter.departmentIds, ${literal(v)})`).join(' || ') || 'false'})`;
  if (c.op === 'eq' || c.op === 'in') return any;
  if (c.op === 'ne' || c.op === 'notIn') return `!${any}`;
  return undefined;
}

export function clauseExpression(c: ConditionClause): string {
  if (c.field === '@starterDepartment') {
    const departments = departmentsExpression(c);
    if (departments) return departments;
  }
  const f = reference(c.field);
  const v = literal(c.values[0] ?? '');
  const list = `[${c.values.map(literal).join(', ')}]`;
  switch (c.op) {
    case 'eq':
      return `${f} == ${v}`;
    case 'ne':
      return `${f} != ${v}`;
    case 'gt':
      return `${f} > ${v}`;
    case 'ge':
      return `${f} >= ${v}`;
    case 'lt':
      return `${f} < ${v}`;
    case 'le':
      return `${f} <= ${v}`;
    case 'contains':
      return `contains(${f}, ${v})`;
    case 'notContains':
      return `!contains(${f}, ${v})`;
    case 'in':
      return `${f} in ${list}`;
    case 'notIn':
      return `!(${f} in ${list})`;
    case 'empty':
      return `len(string(${f})) == 0`;
    case 'notEmpty':
      return `len(string(${f})) > 0`;
  }
}

/** OR of AND-groups as one expression; '' when there is no clause. */
export function conditionsExpression(groups: ConditionClause[][]): string {
  const parts = groups.filter((g) => g.length > 0).map((g) => g.map(clauseExpression));
  if (parts.length === 1) return parts[0]!.join(' && ');
  return parts.map((g) => (g.length > 1 ? `(${g.join(' && ')})` : g[0]!)).join(' || ');
}

// ---------- timers ----------

/** Hours as an ISO 8601 duration: whole hours PT8H, else minutes PT30M. */
export function hoursDuration(hours: number): string {
  return Number.isInteger(hours) ? `PT${hours}H` : `PT${Math.max(1, Math.round(hours * 60))}M`;
}

function deadlineXml(approver: SimpleApprover, deadline: SimpleDeadline): string {
  const duration = hoursDuration(deadline.hours);
  const timer =
    deadline.action === 'remind' && deadline.repeat > 1
      ? `<bpmn:timeCycle xsi:type="bpmn:tFormalExpression">R${deadline.repeat}/${duration}</bpmn:timeCycle>`
      : `<bpmn:timeDuration xsi:type="bpmn:tFormalExpression">${duration}</bpmn:timeDuration>`;
  const id = deadlineId(approver.id);
  return (
    `<bpmn:boundaryEvent id="${id}" attachedToRef="${approver.id}" cancelActivity="false">${config({ action: deadline.action })}` +
    `<bpmn:timerEventDefinition id="${id}_timer">${timer}</bpmn:timerEventDefinition></bpmn:boundaryEvent>`
  );
}

// ---------- the graph ----------

interface Flow {
  id: string;
  source: string;
  target: string;
  name?: string;
  condition?: string;
  conditions?: ConditionClause[][];
}

interface Element {
  id: string;
  /** The element's XML without incoming / outgoing (added once every flow is known). */
  open: string;
  body: string;
  close: string;
}

class Writer {
  readonly elements: Element[] = [];
  readonly flows: Flow[] = [];
  readonly extras: string[] = [];

  flow(source: string, target: string, branch?: Omit<Flow, 'source' | 'target'>): void {
    this.flows.push({ id: branch?.id ?? `Flow_${source}_${target}`, source, target, ...branch });
  }

  /** Writes the cards of a non-empty chain after `from` (the first flow may be a branch's); answers the last element's id. */
  chain(nodes: SimpleNode[], from: string, first?: Omit<Flow, 'source' | 'target'>): string {
    let last = from;
    let pending = first;
    for (const node of nodes) {
      this.flow(last, node.id, pending);
      pending = undefined;
      last = this.node(node);
    }
    return last;
  }

  /** Writes one card (or group); answers the element the chain continues from. */
  node(node: SimpleNode): string {
    if (node.type === 'approver') {
      const cfg = { ...node.config, completion: node.mode === 'percentage' ? 'percentage' : 'all' };
      const loop = node.mode === 'any' ? '' : `<bpmn:multiInstanceLoopCharacteristics${node.mode === 'sequential' ? ' isSequential="true"' : ''} />`;
      this.elements.push({
        id: node.id,
        open: `<bpmn:userTask id="${node.id}" name="${escape(node.name)}">${config(cfg)}`,
        body: loop,
        close: '</bpmn:userTask>',
      });
      if (node.deadline) this.extras.push(deadlineXml(node, node.deadline));
      return node.id;
    }
    if (node.type === 'cc') {
      const cfg = { actions: [{ type: 'circulate', objects: node.recipients }] };
      this.elements.push({
        id: node.id,
        open: `<bpmn:scriptTask id="${node.id}" name="${escape(node.name)}">${config(cfg)}`,
        body: '',
        close: '</bpmn:scriptTask>',
      });
      return node.id;
    }
    const kind = node.type === 'condition' ? 'exclusiveGateway' : 'parallelGateway';
    const otherwise = node.type === 'condition' ? node.branches.find((b) => b.otherwise) : undefined;
    const join = joinId(node.id);
    this.elements.push({
      id: node.id,
      open: `<bpmn:${kind} id="${node.id}"${node.name ? ` name="${escape(node.name)}"` : ''}${otherwise ? ` default="${otherwise.id}"` : ''}>`,
      body: '',
      close: `</bpmn:${kind}>`,
    });
    const ends: string[] = [];
    for (const branch of node.branches) {
      const first: Omit<Flow, 'source' | 'target'> = { id: branch.id, name: branch.name };
      if (node.type === 'condition' && 'otherwise' in branch && !branch.otherwise) {
        const expression = branch.conditions.some((g) => g.length > 0) ? conditionsExpression(branch.conditions) : (branch.expression ?? '');
        if (expression) first.condition = expression;
        if (branch.conditions.some((g) => g.length > 0)) first.conditions = branch.conditions;
      }
      // An empty branch's flow is written now, so the split's flows stay in priority order.
      if (branch.nodes.length === 0) this.flow(node.id, join, first);
      else ends.push(this.chain(branch.nodes, node.id, first));
    }
    this.elements.push({ id: join, open: `<bpmn:${kind} id="${join}">`, body: '', close: `</bpmn:${kind}>` });
    for (const last of ends) this.flow(last, join);
    return join;
  }

  xml(): string {
    const incoming = new Map<string, string[]>();
    const outgoing = new Map<string, string[]>();
    for (const f of this.flows) {
      outgoing.set(f.source, [...(outgoing.get(f.source) ?? []), f.id]);
      incoming.set(f.target, [...(incoming.get(f.target) ?? []), f.id]);
    }
    const refs = (id: string) =>
      (incoming.get(id) ?? []).map((f) => `<bpmn:incoming>${f}</bpmn:incoming>`).join('') +
      (outgoing.get(id) ?? []).map((f) => `<bpmn:outgoing>${f}</bpmn:outgoing>`).join('');
    const elements = this.elements.map((e) => `${e.open}${refs(e.id)}${e.body}${e.close}`).join('\n    ');
    const flows = this.flows
      .map((f) => {
        const name = f.name ? ` name="${escape(f.name)}"` : '';
        const inner =
          (f.conditions ? config({ conditions: f.conditions }) : '') +
          (f.condition ? `<bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">${escape(f.condition)}</bpmn:conditionExpression>` : '');
        return `<bpmn:sequenceFlow id="${f.id}"${name} sourceRef="${f.source}" targetRef="${f.target}"${inner ? `>${inner}</bpmn:sequenceFlow>` : ' />'}`;
      })
      .join('\n    ');
    return [elements, ...this.extras, flows].filter((s) => s !== '').join('\n    ');
  }
}

/** The BPMN XML of a simple process (no diagram: laid out by the server on save). */
export function compileSimple(model: SimpleProcess): string {
  const w = new Writer();
  w.elements.push({ id: START_ID, open: `<bpmn:startEvent id="${START_ID}" name="${escape(model.startName)}">`, body: '', close: '</bpmn:startEvent>' });
  w.flow(w.chain(model.nodes, START_ID), END_ID);
  w.elements.push({ id: END_ID, open: `<bpmn:endEvent id="${END_ID}" name="${escape(model.endName)}">`, body: '', close: '</bpmn:endEvent>' });
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
    `xmlns:wf="${WF_NAMESPACE}" id="Definitions_${model.id}" targetNamespace="http://approval-platform.dev/bpmn">\n` +
    `  <bpmn:process id="${model.id}" name="${escape(model.name)}" isExecutable="true">${config(model.config)}\n    ${w.xml()}\n  </bpmn:process>\n` +
    '</bpmn:definitions>\n'
  );
}
