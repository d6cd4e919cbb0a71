import { describe, expect, it } from 'vitest';
import { parseScheme, type FormSchemeContent, type TableColumn } from '@app/contracts';
import { columnTypeOf, designOf, planStorage } from './form-tables.js';
import { routePrefixes } from './route-prefixes.js';

type Loose = Record<string, unknown>;
const field = (formId: number, vModel: string, avueType: string, extra: Loose = {}, config: Loose = {}): Loose => ({
  __vModel__: vModel,
  ...extra,
  __config__: { formId, avueType, label: vModel, ...config },
});
function scheme(data: Loose[]): FormSchemeContent {
  const check = parseScheme({ data });
  if (!check.ok) throw new Error(check.reason);
  return check.scheme;
}
const main = { dbId: 'localDB', name: 'demo', comment: '', type: 'main' as const, primaryKey: 'F_Id' };

describe('column types and released columns', () => {
  it('derives a type per field', () => {
    const types = (f: Loose) => {
      const c = columnTypeOf(scheme([f]).data[0]);
      return c.dataType === 'varchar' ? `varchar(${c.length})` : c.dataType === 'decimal' ? `decimal(${c.precision},${c.scale})` : c.dataType;
    };
    expect(types(field(1, 'a', 'input'))).toBe('varchar(255)');
    expect(types(field(1, 'a', 'input', { maxlength: 1000 }))).toBe('varchar(1000)');
    expect(types(field(1, 'a', 'textarea', { maxlength: 5000 }))).toBe('text');
    expect(types(field(1, 'a', 'number', { precision: 4 }))).toBe('decimal(18,4)');
    expect(types(field(1, 'a', 'date', { type: 'datetime' }))).toBe('datetime');
    expect(types(field(1, 'a', 'date', { type: 'date', 'value-format': 'yyyy/MM/dd' }))).toBe('varchar(100)');
    expect(types(field(1, 'a', 'date', { type: 'daterange' }))).toBe('varchar(100)');
    expect(types(field(1, 'a', 'checkbox'))).toBe('varchar(2000)');
    expect(types(field(1, 'a', 'select', { multiple: true }))).toBe('varchar(2000)');
    expect(types(field(1, 'a', 'slider'))).toBe('int');
    expect(types(field(1, 'a', 'editor'))).toBe('text');
  });

  it('keeps a released column that still fits, and passes one that does not on to the release', () => {
    const plan = planStorage(scheme([field(1, 'a', 'input', { maxlength: 300 }), field(2, 'n', 'number', { precision: 1 })]), [main]).main;
    const released = (name: string, extra: Partial<TableColumn>): TableColumn => ({
      name,
      dataType: 'varchar',
      length: 500,
      precision: null,
      scale: null,
      nullable: true,
      primaryKey: false,
      identity: false,
      defaultValue: null,
      comment: 'old',
      ...extra,
    });
    const design = designOf(plan, {
      tableName: 'demo',
      comment: '',
      columns: [
        released('F_Id', { length: 64, nullable: false, primaryKey: true }),
        released('A', {}),
        released('n', { dataType: 'decimal', length: null, precision: 20, scale: 2 }),
      ],
      indexes: [],
    });
    expect(design.columns.map((c) => [c.name, c.comment])).toEqual([
      ['F_Id', 'old'],
      ['A', 'old'],
      ['n', 'old'],
    ]);
    const narrow = designOf(plan, { tableName: 'demo', comment: '', columns: [released('a', { length: 100 })], indexes: [] });
    expect(narrow.columns.find((c) => c.name === 'a')).toMatchObject({ length: 300, comment: 'a' });
    expect(plan.table.dbId).toBe('local');
  });

  it('reads route prefixes from the printed route tree', () => {
    const printed = [
      '├── /api/us (GET, HEAD)',
      '│   ├── ers/page (GET, HEAD)',
      '│   └── ers/:id/head-icon (GET, HEAD)',
      '├── /api/login (POST)',
      '│   └── /:id (GET, HEAD)',
      '└── /api/:address (POST)',
      '    └── /:primaryKey (GET, HEAD)',
      '└── /health (GET)',
    ].join('\n');
    expect([...routePrefixes(printed, '/api/')].sort()).toEqual(['login', 'us', 'users']);
  });
});
