import { describe, expect, it } from 'vitest';
import type { FieldAuthority, FormField } from '../forms.js';
import { approvalFieldAuthority } from '../workflow.js';
import { formChanges, valueText } from './changes.js';
import { UNLISTED_FIELDS, authorityOf } from './walk.js';

const field = (formId: number, vModel: string, avueType: string, label: string, extra: Record<string, unknown> = {}, children?: FormField[]): FormField =>
  ({ __vModel__: vModel, __config__: { formId, avueType, label, span: 24, children, ...extra } }) as FormField;

const data = [
  field(1, 'name', 'input', '姓名'),
  field(2, 'score', 'number', '分数', { required: true }),
  field(3, 'tags', 'checkbox', '标签'),
  field(4, 'items', 'table', '明细', {}, [field(5, 'item', 'input', '物品'), field(6, 'amount', 'number', '金额')]),
];

describe('authority for fields an approval node does not name', () => {
  const node: FieldAuthority[] = approvalFieldAuthority({ formAuthority: { f: [{ formId: 2, view: true, edit: true, required: true }] } }, 'f');
  it.each([
    ['a named field keeps its entry', 2, { view: true, edit: true, required: true }],
    ['an unnamed field is read-only and not required', 1, { view: true, edit: false, required: false }],
    ['an unnamed sub-table is read-only', 4, { view: true, edit: false, required: false }],
  ])('%s', (_, formId, expected) => {
    expect(
      authorityOf(
        data.find((f) => f.__config__.formId === formId)!,
        node,
      ),
    ).toEqual(expected);
  });

  it("an unnamed field's own hidden setting still hides it", () => {
    expect(authorityOf(field(9, 'secret', 'input', 'S', { view: false }), [{ formId: UNLISTED_FIELDS, view: true, edit: false, required: false }])).toEqual({
      view: false,
      edit: false,
      required: false,
    });
  });

  it('without the entry for unnamed fields, a field keeps its own settings (the applicant and admin screens)', () => {
    expect(authorityOf(data[1]!, [])).toEqual({ view: true, edit: true, required: true });
    expect(authorityOf(data[1]!)).toEqual({ view: true, edit: true, required: true });
  });
});

describe('form changes', () => {
  const before = { name: '张三', score: '86', tags: 'a,b', items: [{ item: '笔', amount: '2' }] };
  it.each([
    ['nothing changed', before, undefined, []],
    ['a main field', { ...before, score: '999' }, undefined, [{ field: 'score', label: '分数', old: '86', new: '999' }]],
    ['a list value, compared as stored text', { ...before, tags: ['a', 'c'] }, undefined, [{ field: 'tags', label: '标签', old: 'a,b', new: 'a,c' }]],
    ['a cleared value', { ...before, name: null }, undefined, [{ field: 'name', label: '姓名', old: '张三', new: '' }]],
    [
      'a sub-table cell and an added row',
      {
        ...before,
        items: [
          { item: '笔', amount: '3' },
          { item: '纸', amount: '' },
        ],
      },
      undefined,
      [
        { field: 'items[1].amount', label: '明细 #1 · 金额', old: '2', new: '3' },
        { field: 'items[2].item', label: '明细 #2 · 物品', old: '', new: '纸' },
      ],
    ],
    [
      'a removed row',
      { ...before, items: [] },
      undefined,
      [
        { field: 'items[1].item', label: '明细 #1 · 物品', old: '笔', new: '' },
        { field: 'items[1].amount', label: '明细 #1 · 金额', old: '2', new: '' },
      ],
    ],
    [
      'only fields the authority lets the user edit',
      { ...before, name: '李四', score: '1' },
      [
        { formId: 2, view: true, edit: true, required: false },
        { formId: UNLISTED_FIELDS, view: true, edit: false, required: false },
      ],
      [{ field: 'score', label: '分数', old: '86', new: '1' }],
    ],
  ] as const)('%s', (_, after, authority, expected) => {
    expect(formChanges(data, before, after as Record<string, unknown>, authority as FieldAuthority[] | undefined)).toEqual(expected);
  });

  it('writes values as text', () => {
    expect([valueText(null), valueText(undefined), valueText(3), valueText(['x', 'y']), valueText({ a: 1 }), valueText(true)]).toEqual([
      '',
      '',
      '3',
      'x,y',
      '{"a":1}',
      'true',
    ]);
  });
});
