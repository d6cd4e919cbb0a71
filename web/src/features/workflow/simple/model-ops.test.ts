import { describe, expect, it } from 'vitest';
import { newApprover, newCc, newSimpleProcess, type SimpleNode, type SimpleProcess } from '@app/contracts';
import {
  addBranch,
  approversBefore,
  historyOf,
  insertNode,
  moveBranch,
  moveNode,
  pushHistory,
  redo,
  removeBranch,
  removeNode,
  undo,
  updateNode,
} from './model-ops';

const a = (id: string): SimpleNode => ({ ...newApprover(id), id });
const c = (id: string): SimpleNode => ({ ...newCc(id), id });
const cond = (id: string, ...branches: [string, SimpleNode[], boolean?][]): SimpleNode => ({
  type: 'condition',
  id,
  name: '',
  branches: branches.map(([bid, nodes, otherwise]) => ({ id: bid, name: bid, conditions: [], otherwise: !!otherwise, nodes })),
});
const par = (id: string, ...branches: [string, SimpleNode[]][]): SimpleNode => ({
  type: 'parallel',
  id,
  name: '',
  branches: branches.map(([bid, nodes]) => ({ id: bid, name: bid, nodes })),
});
const model = (...nodes: SimpleNode[]): SimpleProcess => ({ ...newSimpleProcess('p', 'P'), nodes });

/** The shape of a chain: ids, groups as id(branch:ids|branch:ids). */
const shape = (nodes: SimpleNode[]): string =>
  nodes
    .map((n) => (n.type === 'condition' || n.type === 'parallel' ? `${n.id}(${n.branches.map((b) => `${b.id}:${shape(b.nodes)}`).join('|')})` : n.id))
    .join(',');

const base = model(a('A1'), cond('G', ['B1', [a('A2')]], ['B2', [c('C1')], true]), c('C2'));

const cases: { name: string; op: (m: SimpleProcess) => SimpleProcess; expected: string }[] = [
  { name: 'insert after the initiator', op: (m) => insertNode(m, 'start', a('N')), expected: 'N,A1,G(B1:A2|B2:C1),C2' },
  { name: 'insert after a card', op: (m) => insertNode(m, 'A1', a('N')), expected: 'A1,N,G(B1:A2|B2:C1),C2' },
  { name: 'insert after a group', op: (m) => insertNode(m, 'G', a('N')), expected: 'A1,G(B1:A2|B2:C1),N,C2' },
  { name: 'insert at the head of a branch', op: (m) => insertNode(m, 'branch:B2', a('N')), expected: 'A1,G(B1:A2|B2:N,C1),C2' },
  { name: 'insert after a card inside a branch', op: (m) => insertNode(m, 'A2', c('N')), expected: 'A1,G(B1:A2,N|B2:C1),C2' },
  { name: 'insert at an unknown anchor', op: (m) => insertNode(m, 'X', a('N')), expected: 'A1,G(B1:A2|B2:C1),C2' },
  { name: 'delete a card', op: (m) => removeNode(m, 'A1'), expected: 'G(B1:A2|B2:C1),C2' },
  { name: 'delete a card in a branch', op: (m) => removeNode(m, 'C1'), expected: 'A1,G(B1:A2|B2:),C2' },
  { name: 'delete a group', op: (m) => removeNode(m, 'G'), expected: 'A1,C2' },
  { name: 'move a card down', op: (m) => moveNode(m, 'A1', 1), expected: 'G(B1:A2|B2:C1),A1,C2' },
  { name: 'move a group up', op: (m) => moveNode(m, 'G', -1), expected: 'G(B1:A2|B2:C1),A1,C2' },
  { name: 'move the first card up: nothing', op: (m) => moveNode(m, 'A1', -1), expected: 'A1,G(B1:A2|B2:C1),C2' },
  { name: 'move the last card down: nothing', op: (m) => moveNode(m, 'C2', 1), expected: 'A1,G(B1:A2|B2:C1),C2' },
  {
    name: 'add a condition before the otherwise branch',
    op: (m) => addBranch(m, 'G', { id: 'B3', name: 'b3', conditions: [], otherwise: false, nodes: [] }),
    expected: 'A1,G(B1:A2|B3:|B2:C1),C2',
  },
  { name: 'delete a branch: the one left is lifted', op: (m) => removeBranch(m, 'B1'), expected: 'A1,C1,C2' },
  { name: 'delete the otherwise branch: the one left is lifted', op: (m) => removeBranch(m, 'B2'), expected: 'A1,A2,C2' },
  { name: 'move a branch onto the otherwise one: nothing', op: (m) => moveBranch(m, 'B1', 1), expected: 'A1,G(B1:A2|B2:C1),C2' },
  { name: 'move the otherwise branch: nothing', op: (m) => moveBranch(m, 'B2', -1), expected: 'A1,G(B1:A2|B2:C1),C2' },
];

describe('model operations', () => {
  it.each(cases)('$name', ({ op, expected }) => {
    expect(shape(op(base).nodes)).toBe(expected);
    // The model given is never changed.
    expect(shape(base.nodes)).toBe('A1,G(B1:A2|B2:C1),C2');
  });

  it('parallel branches: added at the end, moved, deleted down to one', () => {
    let m = model(par('P', ['X', [a('A')]], ['Y', []]));
    m = addBranch(m, 'P', { id: 'Z', name: 'z', nodes: [c('C')] });
    expect(shape(m.nodes)).toBe('P(X:A|Y:|Z:C)');
    m = moveBranch(m, 'Z', -1);
    expect(shape(m.nodes)).toBe('P(X:A|Z:C|Y:)');
    m = removeBranch(m, 'Y');
    expect(shape(m.nodes)).toBe('P(X:A|Z:C)');
    m = removeBranch(m, 'X');
    expect(shape(m.nodes)).toBe('C');
  });

  it('moves condition branches among themselves', () => {
    const m = model(cond('G', ['B1', []], ['B2', []], ['B3', [], true]));
    expect(shape(moveBranch(m, 'B2', -1).nodes)).toBe('G(B2:|B1:|B3:)');
    expect(shape(moveBranch(m, 'B1', -1).nodes)).toBe('G(B1:|B2:|B3:)');
  });

  it('keeps untouched subtrees (and an unchanged model) identical', () => {
    const next = updateNode(base, 'A2', (n) => ({ ...n, name: 'x' }));
    expect(next.nodes[0]).toBe(base.nodes[0]);
    expect(next.nodes[2]).toBe(base.nodes[2]);
    expect(next.nodes[1]).not.toBe(base.nodes[1]);
    const g = next.nodes[1] as Extract<SimpleNode, { type: 'condition' }>;
    expect(g.branches[1]).toBe((base.nodes[1] as typeof g).branches[1]);
    expect(moveNode(base, 'A1', -1)).toBe(base);
    expect(updateNode(base, 'A2', (n) => n)).toBe(base);
  });

  it('lists the approvers before a card on its path', () => {
    const m = model(a('A1'), cond('G', ['B1', [a('A2'), a('A3')]], ['B2', [a('A4')], true]), a('A5'));
    expect(approversBefore(m, 'A3').map((n) => n.id)).toEqual(['A1', 'A2']);
    expect(approversBefore(m, 'A4').map((n) => n.id)).toEqual(['A1']);
    expect(approversBefore(m, 'A5').map((n) => n.id)).toEqual(['A1']);
  });

  it('undoes and redoes', () => {
    const m1 = insertNode(base, 'start', a('N'));
    const m2 = removeNode(m1, 'C2');
    let h = pushHistory(pushHistory(historyOf(base), m1), m2);
    expect(pushHistory(h, h.present)).toBe(h);
    h = undo(h);
    expect(h.present).toBe(m1);
    h = undo(h);
    expect(h.present).toBe(base);
    expect(undo(h)).toBe(h);
    h = redo(h);
    expect(h.present).toBe(m1);
    // A new edit drops what could be redone.
    h = pushHistory(h, removeNode(m1, 'A1'));
    expect(h.future).toEqual([]);
    expect(redo(h)).toBe(h);
  });
});
