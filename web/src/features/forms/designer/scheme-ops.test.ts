import { describe, expect, it } from 'vitest';
import { FIELD_TYPES, parseScheme, type FieldType, type FormField } from '@app/contracts';
import { PALETTE_GROUPS, newField } from './palette';
import { ROOT, bindTables, canDrop, copyField, findField, insertField, maxFormId, moveField, updateField } from './scheme-ops';
import { HISTORY_LIMIT, designerReducer, initialState } from './state';

const t = (k: string) => k;
const f = (type: FieldType, formId: number): FormField => newField(type, formId, type === 'table' ? `table${formId}` : `field${formId}`, t);

describe('palette', () => {
  it('offers every field type exactly once, each with defaults the scheme check accepts', () => {
    const listed = PALETTE_GROUPS.flatMap((g) => g.types);
    expect([...listed].sort()).toEqual([...FIELD_TYPES].sort());
    const data = FIELD_TYPES.map((type, i) => f(type, 101 + i));
    const check = parseScheme({ data });
    expect(check.ok ? 'ok' : check.reason).toBe('ok');
    expect(f('select', 1).__slot__?.options).toHaveLength(2);
    expect(f('input', 1).__config__).toMatchObject({ span: 24, tag: 'el-input', label: 'type.input', labelWidth: 120 });
    expect(f('tabs', 1).__config__.childrenObj).toEqual({ tab1: [], tab2: [] });
    expect(f('row', 1).__vModel__).toBeUndefined();
  });
});

describe('scheme operations', () => {
  const row = { ...f('row', 102), __config__: { ...f('row', 102).__config__, children: [f('input', 103)] } };
  const data: FormField[] = [f('input', 101), row, f('table', 104)];

  it('update copies only the path to the changed field', () => {
    const next = updateField(data, 103, (x) => ({ ...x, __config__: { ...x.__config__, label: 'x' } }));
    expect(next).not.toBe(data);
    expect(next[0]).toBe(data[0]);
    expect(next[2]).toBe(data[2]);
    expect(next[1]).not.toBe(data[1]);
    expect(findField(next, 103)?.field.__config__.label).toBe('x');
  });

  it('moves within a list and across lists; refuses containers into sub-tables and into themselves', () => {
    expect(moveField(data, 104, ROOT, 0).map((x) => x.__config__.formId)).toEqual([104, 101, 102]);
    expect(moveField(data, 101, ROOT, 3).map((x) => x.__config__.formId)).toEqual([102, 104, 101]);
    const moved = moveField(data, 101, { kind: 'children', formId: 104 }, 0);
    expect(findField(moved, 101)?.list).toEqual({ kind: 'children', formId: 104 });
    expect(canDrop(data, { kind: 'children', formId: 104 }, 'row')).toBe(false);
    expect(moveField(data, 102, { kind: 'children', formId: 102 }, 0)).toBe(data);
  });

  it('copies deeply with fresh formIds and vModels', () => {
    const { data: next, formId } = copyField(data, 102);
    expect(formId).toBe(105);
    const copy = next[2];
    expect(copy.__config__.formId).toBe(105);
    expect(copy.__config__.children?.[0]).toMatchObject({ __vModel__: 'field106', __config__: { formId: 106 } });
    expect(maxFormId(next)).toBe(106);
    expect(parseScheme({ data: next }).ok).toBe(true);
  });

  it('binds every value field to its table and builds tableInfo', () => {
    const withCol = insertField(data, { kind: 'children', formId: 104 }, 0, f('number', 105));
    const { scheme, tableInfo } = bindTables({ data: withCol }, { enabled: true, main: 'demo' }, 'Demo');
    expect(tableInfo).toEqual([
      { dbId: 'local', name: 'demo', comment: 'Demo', type: 'main', primaryKey: 'F_Id' },
      { dbId: 'local', name: 'demo_table104', comment: 'type.table', type: 'sub', primaryKey: 'F_Id', relationField: 'F_ParentId' },
    ]);
    expect(findField(scheme.data, 101)?.field.__config__).toMatchObject({ bindTable: 'demo', bindTableField: 'field101' });
    expect(findField(scheme.data, 103)?.field.__config__).toMatchObject({ bindTable: 'demo', bindTableField: 'field103' });
    expect(findField(scheme.data, 105)?.field.__config__).toMatchObject({ bindTable: 'demo_table104', bindTableField: 'field105' });
    expect(findField(scheme.data, 104)?.field.__config__.bindTable).toBe('demo_table104');
    const off = bindTables(scheme, { enabled: false, main: '' }, '');
    expect(off.tableInfo).toBeUndefined();
    expect(findField(off.scheme.data, 105)?.field.__config__.bindTable).toBeUndefined();
  });
});

describe('history', () => {
  it('keeps at least 50 undo steps and merges edits of one property', () => {
    let s = initialState();
    for (let i = 0; i < 60; i++) s = designerReducer(s, { type: 'insert', list: ROOT, index: i, field: f('input', 101 + i) });
    expect(HISTORY_LIMIT).toBeGreaterThanOrEqual(50);
    for (const label of ['a', 'ab', 'abc']) s = designerReducer(s, { type: 'patch', formId: 101, patch: { config: { label } }, mergeKey: '101:label' });
    expect(s.past).toHaveLength(61);
    s = designerReducer(s, { type: 'undo' });
    expect(findField(s.present.data, 101)?.field.__config__.label).toBe('type.input');
    for (let i = 0; i < 60; i++) s = designerReducer(s, { type: 'undo' });
    expect(s.present.data).toEqual([]);
    s = designerReducer(s, { type: 'redo' });
    expect(s.present.data).toHaveLength(1);
  });

  it('numbers and places added fields from its own state (into the selected container, else after the selection)', () => {
    const add = (s: ReturnType<typeof initialState>, type: FieldType) =>
      designerReducer(s, { type: 'add', fieldType: type, make: (id, vm) => newField(type, id, vm, t), activeTab: () => 'tab2' });
    let s = add(add(initialState(), 'input'), 'input');
    expect(s.present.data.map((x) => [x.__config__.formId, x.__vModel__])).toEqual([
      [101, 'field101'],
      [102, 'field102'],
    ]);
    s = add(s, 'tabs');
    s = add(s, 'number');
    expect(findField(s.present.data, 104)?.list).toEqual({ kind: 'tab', formId: 103, prop: 'tab2' });
    s = add(s, 'table');
    s = add(s, 'row');
    // A row cannot go into the sub-table selected: it goes after it, in the tab.
    expect(findField(s.present.data, 106)?.list).toEqual({ kind: 'tab', formId: 103, prop: 'tab2' });
    expect(findField(s.present.data, 105)?.field.__vModel__).toBe('table105');
  });
});
