import {
  CONTAINER_TYPES,
  DEFAULT_LINK_ID,
  SYSTEM_COLUMNS,
  flattenFields,
  type FieldPlace,
  type FormField,
  type FormSchemeContent,
  type FormTable,
  type TableColumn,
  type TableDesign,
} from '@app/contracts';
import { AppError } from '../../core/errors.js';
import { IDENTIFIER } from '../database-link/sql-text.js';
import { typeSignature } from '../data-design/ddl.js';

/**
 * Where a form's values are stored (docs/forms-design.md "Tables (tableInfo)"), pure: tableInfo checked against the
 * fields, one binding per value field (main form → main table, sub-table columns → the container's table), and the
 * table designs /customtable releases.
 */

/** Sub-table rows keep their order in this column (a /customtable sub-table has it; others are ordered by key). */
export const SORT_COLUMN = 'F_SortCode';
/** The relation column of a sub-table when its tableInfo entry names none. */
export const DEFAULT_RELATION = 'F_ParentId';

export interface Binding {
  field: FormField;
  /** Where the field sits (containers around it decide whether it is shown). */
  place: FieldPlace;
  column: string;
}

export interface TablePlan {
  table: FormTable & { relationField: string };
  /** The sub-table container (sub tables only) and where it sits. */
  container?: FormField;
  containerPlace?: FieldPlace;
  bindings: Binding[];
}

export interface StoragePlan {
  linkId: string;
  main: TablePlan;
  subs: TablePlan[];
}

const invalid = (detail: string) => new AppError('forms.tableInfoInvalid', { detail });
const lower = (s: string) => s.toLowerCase();

/** 'localDB' (the original's name of the platform database) is the link 'local'. */
export const linkIdOf = (dbId: string | undefined) => (!dbId || dbId === 'localDB' ? DEFAULT_LINK_ID : dbId);

/** tableInfo normalised (link ids, default key and relation column); names checked unique. */
export function normaliseTableInfo(tableInfo: FormTable[] | undefined): FormTable[] {
  const seen = new Set<string>();
  return (tableInfo ?? []).map((t) => {
    if (seen.has(lower(t.name))) throw invalid(`${t.name} ×2`);
    seen.add(lower(t.name));
    return {
      ...t,
      dbId: linkIdOf(t.dbId),
      primaryKey: t.primaryKey || 'F_Id',
      ...(t.type === 'sub' ? { relationField: t.relationField || DEFAULT_RELATION } : {}),
    };
  });
}

/**
 * The binding of every value field to its table and column. Refused: no or several main tables, tables on different
 * links (one transaction holds them all), a sub-table container without a sub-table entry (bindTable), an unused
 * sub-table entry, a column that is not a name, named twice in a table, or one of the table's own columns.
 */
export function planStorage(scheme: FormSchemeContent, tableInfo: FormTable[]): StoragePlan {
  const tables = normaliseTableInfo(tableInfo);
  const mains = tables.filter((t) => t.type === 'main');
  if (mains.length !== 1) throw invalid(`one main table needed (${mains.length})`);
  const links = new Set(tables.map((t) => t.dbId));
  if (links.size > 1) throw invalid(`all tables on one database link (${[...links].join(', ')})`);
  const plan = (table: FormTable, place?: FieldPlace): TablePlan => ({
    table: { ...table, relationField: table.relationField ?? '' },
    container: place?.field,
    containerPlace: place,
    bindings: [],
  });
  const main = plan(mains[0]);
  const subs = new Map<string, TablePlan>();
  for (const place of flattenFields(scheme.data)) {
    const { field, table } = place;
    if (field.__config__.avueType === 'table' && !table) {
      const name = field.__config__.bindTable ?? '';
      const entry = tables.find((t) => t.type === 'sub' && lower(t.name) === lower(name));
      if (!entry) throw invalid(`${field.__config__.label}: ${name ? `${name} is not a sub-table` : 'no bindTable'}`);
      if (subs.has(lower(entry.name))) throw invalid(`${entry.name} bound twice`);
      subs.set(lower(entry.name), plan(entry, place));
      continue;
    }
    if ((CONTAINER_TYPES as readonly string[]).includes(field.__config__.avueType) || !field.__vModel__) continue;
    const target = table ? subs.get(lower(table.__config__.bindTable ?? '')) : main;
    if (!target) continue;
    target.bindings.push({ field, place, column: field.__config__.bindTableField || field.__vModel__ });
  }
  for (const t of tables) {
    if (t.type === 'sub' && !subs.has(lower(t.name))) throw invalid(`${t.name}: no sub-table container bound to it`);
  }
  const all = [main, ...subs.values()];
  for (const p of all) {
    const reserved = new Set([p.table.primaryKey, ...(p.container ? [p.table.relationField, SORT_COLUMN] : []), ...SYSTEM_COLUMNS].map(lower));
    const used = new Set<string>();
    for (const b of p.bindings) {
      if (!IDENTIFIER.test(b.column)) throw invalid(`${b.field.__config__.label}: ${b.column}`);
      if (reserved.has(lower(b.column))) throw new AppError('forms.reservedColumn', { table: p.table.name, column: b.column });
      if (used.has(lower(b.column))) throw new AppError('forms.duplicateColumn', { table: p.table.name, column: b.column });
      used.add(lower(b.column));
    }
  }
  return { linkId: main.table.dbId, main, subs: [...subs.values()] };
}

const varchar = (length: number): Pick<TableColumn, 'dataType' | 'length'> =>
  length > 4000 ? { dataType: 'text', length: null } : { dataType: 'varchar', length };
const STANDARD_FORMAT: Record<string, string> = { date: 'yyyy-MM-dd', datetime: 'yyyy-MM-dd HH:mm:ss' };

/** The column type of a field (docs/forms-design.md): what /customtable creates. */
export function columnTypeOf(field: FormField): Pick<TableColumn, 'dataType' | 'length' | 'precision' | 'scale'> {
  const none = { length: null, precision: null, scale: null };
  const type = field.__config__.avueType;
  switch (type) {
    case 'input':
    case 'password':
      return { ...none, ...varchar(Math.max(255, field.maxlength ?? 0)) };
    case 'textarea':
      return { ...none, ...varchar(Math.max(2000, field.maxlength ?? 0)) };
    case 'editor':
      return { ...none, dataType: 'text' };
    case 'number':
    case 'computation':
      return { ...none, dataType: 'decimal', precision: 18, scale: Math.min(field.precision ?? 2, 10) };
    case 'slider':
      return { ...none, dataType: 'int' };
    case 'rate':
      return { ...none, dataType: 'decimal', precision: 3, scale: 1 };
    case 'switch':
    case 'color':
    case 'mobile':
      return { ...none, ...varchar(50) };
    case 'map':
      return { ...none, ...varchar(100) };
    case 'date': {
      const kind = field.type ?? 'date';
      const format = field['value-format'];
      if ((kind === 'date' || kind === 'datetime') && (!format || format === STANDARD_FORMAT[kind])) return { ...none, dataType: kind };
      return { ...none, ...varchar(100) };
    }
    case 'time':
      return { ...none, ...varchar(100) };
    case 'select':
    case 'radio':
    case 'asso-select':
    case 'info':
      return { ...none, ...varchar(field.multiple ? 2000 : 255) };
    default:
      // checkbox, cascader, area, upload, company / department / user pickers: lists and ids, comma-joined.
      return { ...none, ...varchar(2000) };
  }
}

/** A released column still holds what the field now needs (same type, wide enough): it is kept as it is. */
function fits(released: TableColumn, wanted: TableColumn): boolean {
  if (released.dataType !== wanted.dataType) return false;
  if (wanted.dataType === 'varchar') return (released.length ?? 255) >= (wanted.length ?? 255);
  if (wanted.dataType === 'decimal') {
    const [rp, rs, wp, ws] = [released.precision ?? 18, released.scale ?? 2, wanted.precision ?? 18, wanted.scale ?? 2];
    return rs >= ws && rp - rs >= wp - ws;
  }
  return typeSignature(released) === typeSignature(wanted);
}

const column = (name: string, type: Pick<TableColumn, 'dataType' | 'length' | 'precision' | 'scale'>, extra: Partial<TableColumn> = {}): TableColumn => ({
  name,
  ...type,
  nullable: true,
  primaryKey: false,
  identity: false,
  defaultValue: null,
  comment: '',
  ...extra,
});

/**
 * The design /customtable releases for one table: primary key (varchar 64), for a sub-table the relation column
 * (indexed) and the order column, then one nullable column per bound field (required is the form's rule, not the table's).
 * A column already released that still fits is kept as released, so widening a text field or saving again changes
 * nothing; one that does not fit goes to the release, which refuses the type change with its own message.
 */
export function designOf(p: TablePlan, released: TableDesign | null): TableDesign {
  const old = new Map((released?.columns ?? []).map((c) => [lower(c.name), c]));
  const keep = (wanted: TableColumn) => {
    const have = old.get(lower(wanted.name));
    return have && fits(have, wanted) ? have : wanted;
  };
  const columns = [
    keep(column(p.table.primaryKey, varchar(64), { nullable: false, primaryKey: true, comment: '主键' })),
    ...(p.container
      ? [
          keep(column(p.table.relationField, varchar(64), { comment: '主表主键' })),
          keep(column(SORT_COLUMN, { dataType: 'int', length: null, precision: null, scale: null }, { comment: '行序' })),
        ]
      : []),
    ...p.bindings.map((b) => keep(column(b.column, columnTypeOf(b.field), { comment: (b.field.__config__.label ?? '').slice(0, 500) }))),
  ];
  // A new sub-table is indexed on its relation column (rows are read, replaced and deleted by it).
  const indexes = released
    ? released.indexes
    : p.container
      ? [{ name: `ix_${p.table.name}`.slice(0, 63), columns: [p.table.relationField], unique: false }]
      : [];
  return { tableName: released?.tableName ?? p.table.name, comment: p.table.comment || released?.comment || '', columns, indexes };
}

/** Without /customtable: the released design must hold the key, the relation column and every bound column. */
export function checkReleased(p: TablePlan, released: TableDesign): void {
  const names = new Map(released.columns.map((c) => [lower(c.name), c]));
  const key = names.get(lower(p.table.primaryKey));
  if (!key?.primaryKey) throw new AppError('forms.columnMissing', { table: p.table.name, column: p.table.primaryKey });
  if (key.dataType !== 'varchar') throw new AppError('forms.keyNotText', { table: p.table.name, column: key.name });
  const needed = [...(p.container ? [p.table.relationField] : []), ...p.bindings.map((b) => b.column)];
  for (const name of needed) {
    if (!names.has(lower(name))) throw new AppError('forms.columnMissing', { table: p.table.name, column: name });
  }
}
