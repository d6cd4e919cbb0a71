import { describe, expect, it } from 'vitest';
import { formRelationSetting, type TableColumn, type TableDesign } from '@app/contracts';
import type { Dialect } from '../data-design/ddl.js';
import {
  batchPhases,
  batchSql,
  countSql,
  indexName,
  indexPlans,
  pageSql,
  parseQuery,
  systemListField,
  type ListField,
  type ListTable,
  type RowLimits,
} from './list-sql.js';

const col = (name: string, dataType: TableColumn['dataType'], extra: Partial<TableColumn> = {}): TableColumn => ({
  name,
  dataType,
  length: dataType === 'varchar' ? 100 : null,
  precision: dataType === 'decimal' ? 18 : null,
  scale: dataType === 'decimal' ? 2 : null,
  nullable: true,
  primaryKey: false,
  identity: false,
  defaultValue: null,
  comment: '',
  ...extra,
});

const design: TableDesign = {
  tableName: 'orders',
  comment: '',
  columns: [
    col('F_Id', 'varchar', { primaryKey: true, nullable: false }),
    col('title', 'varchar'),
    col('amount', 'decimal'),
    col('day', 'date'),
    col('status', 'varchar'),
  ],
  indexes: [],
};

const formField = (vModel: string, avueType: string) =>
  ({ __vModel__: vModel, __config__: { formId: 1, avueType, label: vModel } }) as unknown as ListField['field'];

function tableOf(dialect: Dialect): ListTable {
  const placeholder = (n: number) => (dialect === 'postgres' ? `$${n}` : dialect === 'mysql' ? '?' : `@p${n}`);
  const fields = new Map<string, ListField>([
    ['title', { name: 'title', column: design.columns[1], field: formField('title', 'input') }],
    ['amount', { name: 'amount', column: design.columns[2], field: formField('amount', 'number') }],
    ['day', { name: 'day', column: design.columns[3], field: formField('day', 'date') }],
    ['status', { name: 'status', column: design.columns[4], field: formField('status', 'select') }],
    ['F_CreateDate', systemListField('F_CreateDate')!],
  ]);
  return { ctx: { dialect, placeholder, design }, key: design.columns[0], fields };
}

const setting = formRelationSetting.parse({
  queryFields: [{ field: 'title' }, { field: 'amount' }, { field: 'day' }, { field: 'status' }],
  columns: [{ field: 'title' }, { field: 'amount', sortable: true }],
  conditions: [{ field: 'status', operator: 'ne', value: '9' }],
});

describe('parseQuery', () => {
  const t = tableOf('postgres');
  it('takes configured fields with their default matches and drops empty values', () => {
    const filters = parseQuery(JSON.stringify({ title: 'a', amount: [1, null], day: ['', ''], status: '' }), setting, t);
    expect(filters.map((f) => [f.field.name, f.match])).toEqual([
      ['title', 'like'],
      ['amount', 'range'],
    ]);
  });
  it('refuses text that is not a JSON object, unknown fields and badly shaped values', () => {
    expect(() => parseQuery('[1]', setting, t)).toThrow('publishedList.badQuery');
    expect(() => parseQuery('{"nope":1}', setting, t)).toThrow('publishedList.badQuery');
    expect(() => parseQuery('{"amount":5}', setting, t)).toThrow('publishedList.badQuery');
    expect(() => parseQuery('{"title":{"x":1}}', setting, t)).toThrow('publishedList.badQuery');
  });
});

describe('statements', () => {
  const limits = (t: ListTable): RowLimits => ({
    filters: parseQuery(JSON.stringify({ title: '50%', amount: ['1.5', ''], status: 'x' }), setting, t),
    conditions: [{ field: t.fields.get('status')!, operator: 'in', value: 'a,b' }],
    scope: { all: false, userIds: ['u1'], departmentIds: [], companyIds: [] },
  });
  const order = (t: ListTable) => ({ field: t.fields.get('amount')!, order: 'desc' as const });

  it('PostgreSQL: ilike with escapes, typed range, in, scope; key last in the same direction; all values bound', () => {
    const t = tableOf('postgres');
    const page = pageSql(t, [t.fields.get('title')!, t.fields.get('day')!], limits(t), order(t), 3, 20);
    expect(page.sql).toBe(
      `select "F_Id", "title", to_char("day", 'YYYY-MM-DD') as "day" from "orders" where "title" ilike $1 escape '!' and "amount" >= $2 and "status" = $3 and "status" in ($4, $5) and ("F_CreateUserId" in ($6)) order by "amount" desc, "F_Id" desc limit 20 offset 40`,
    );
    expect(page.params).toEqual(['%50!%%', '1.5', 'x', 'a', 'b', 'u1']);
    expect(countSql(t, limits(t), 1000).sql).toMatch(/^select count\(\*\) as total from \(select 1 as one from "orders" where .* limit 1001\) capped$/);
    expect(countSql(t, limits(t), null).sql).toMatch(/^select count\(\*\) as total from "orders" where /);
  });

  it('MySQL and SQL Server: their quoting, placeholders and paging', () => {
    const m = tableOf('mysql');
    expect(pageSql(m, [m.fields.get('title')!], limits(m), order(m), 1, 10).sql).toBe(
      "select `F_Id`, `title` from `orders` where `title` like ? escape '!' and `amount` >= ? and `status` = ? and `status` in (?, ?) and (`F_CreateUserId` in (?)) order by `amount` desc, `F_Id` desc limit 10 offset 0",
    );
    const s = tableOf('mssql');
    expect(pageSql(s, [s.fields.get('title')!], limits(s), order(s), 2, 10).sql).toBe(
      "select [F_Id], [title] from [orders] where [title] like @p1 escape '!' and [amount] >= @p2 and [status] = @p3 and [status] in (@p4, @p5) and ([F_CreateUserId] in (@p6)) order by [amount] desc, [F_Id] desc offset 10 rows fetch next 10 rows only",
    );
    const none: RowLimits = { filters: [], conditions: [], scope: { all: true } };
    expect(batchSql(s, [s.fields.get('title')!], none, order(s), 'value', { phase: 'value', value: '12.5', key: 'k9' }, 500)).toEqual({
      sql: 'select top 500 [F_Id], [title], [amount] from [orders] where [amount] is not null and ([amount] < @p1 or ([amount] = @p2 and [F_Id] < @p3)) order by [amount] desc, [F_Id] desc',
      params: ['12.5', '12.5', 'k9'],
    });
  });

  it('exports in the list order by keyset, rows without a sort value where the dialect puts them', () => {
    const t = tableOf('postgres');
    const none: RowLimits = { filters: [], conditions: [], scope: { all: true } };
    const asc = { ...order(t), order: 'asc' as const };
    expect(batchPhases('postgres', asc)).toEqual(['value', 'null']);
    expect(batchPhases('postgres', order(t))).toEqual(['null', 'value']);
    expect(batchPhases('mysql', asc)).toEqual(['null', 'value']);
    expect(batchSql(t, [], none, asc, 'value', null, 100).sql).toBe(
      'select "F_Id", "amount" from "orders" where "amount" is not null order by "amount" asc, "F_Id" asc limit 100',
    );
    expect(batchSql(t, [], none, asc, 'value', { phase: 'value', value: '2.5', key: 'k1' }, 100)).toEqual({
      sql: 'select "F_Id", "amount" from "orders" where "amount" is not null and ("amount", "F_Id") > ($1, $2) order by "amount" asc, "F_Id" asc limit 100',
      params: ['2.5', 'k1'],
    });
    expect(batchSql(t, [], none, asc, 'null', { phase: 'null', value: null, key: 'k1' }, 100)).toEqual({
      sql: 'select "F_Id", "amount" from "orders" where "amount" is null and "F_Id" > $1 order by "F_Id" asc limit 100',
      params: ['k1'],
    });
  });

  it('a range end that is a date takes in the whole day of a date-time column; a bad number is a bad query', () => {
    const t = tableOf('postgres');
    const q = parseQuery(JSON.stringify({}), setting, t);
    expect(q).toEqual([]);
    const created = t.fields.get('F_CreateDate')!;
    const withCreated = formRelationSetting.parse({ ...setting, queryFields: [{ field: 'F_CreateDate' }] });
    const page = pageSql(
      t,
      [],
      { filters: parseQuery(JSON.stringify({ F_CreateDate: ['2026-01-01', '2026-01-31'] }), withCreated, t), conditions: [], scope: { all: true } },
      { field: created, order: 'asc' },
      1,
      10,
    );
    expect(page.params).toEqual(['2026-01-01 00:00:00', '2026-01-31 23:59:59']);
    expect(() =>
      pageSql(t, [], { filters: parseQuery(JSON.stringify({ amount: ['x', ''] }), setting, t), conditions: [], scope: { all: true } }, order(t), 1, 10),
    ).toThrow('publishedList.badQuery');
  });
});

describe('indexes', () => {
  it('names are ix_<table>_<hash>, at most 63 characters, stable', () => {
    const long = 'x'.repeat(64);
    expect(indexName(long, '(a)').length).toBeLessThanOrEqual(63);
    expect(indexName('orders', '(a)')).toBe(indexName('orders', '(a)'));
    expect(indexName('orders', '(a)')).not.toBe(indexName('orders', '(b)'));
    expect(indexName('orders', '(a)')).toMatch(/^ix_orders_[0-9a-z]{7}$/);
  });

  it('query fields (field, default sort, key), trigram for like when available, sortable columns and conditions', () => {
    const t = tableOf('postgres');
    const sort = t.fields.get('F_CreateDate')!;
    const without = indexPlans(t, setting, sort, false).map((p) => p.sql.replace(/"ix_orders_[0-9a-z]+"/, 'ix'));
    expect(without).toEqual([
      'create index ix on "orders" ("amount", "F_CreateDate", "F_Id")',
      'create index ix on "orders" ("day", "F_CreateDate", "F_Id")',
      'create index ix on "orders" ("status", "F_CreateDate", "F_Id")',
      'create index ix on "orders" ("F_CreateDate", "F_Id")',
      'create index ix on "orders" ("amount", "F_Id")',
    ]);
    // The condition on status is served by (status, sort, key); a condition on another field gets its own index.
    const other = formRelationSetting.parse({ ...setting, conditions: [{ field: 'title', operator: 'eq', value: 'a' }] });
    expect(indexPlans(t, other, sort, false).at(-1)!.sql).toMatch(/\("title"\)$/);
    expect(indexPlans(t, setting, sort, true).map((p) => p.sql)).toContainEqual(expect.stringMatching(/using gin \("title" gin_trgm_ops\)$/));
    expect(indexPlans(tableOf('mysql'), setting, sort, true).some((p) => p.sql.includes('gin'))).toBe(false);
  });
});
