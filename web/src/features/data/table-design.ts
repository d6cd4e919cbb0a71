import type { ColumnDataType, TableDesign } from '@app/contracts';

export const NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

export interface ColumnForm {
  name: string;
  dataType: ColumnDataType;
  length?: number | null;
  precision?: number | null;
  scale?: number | null;
  nullable?: boolean;
  primaryKey?: boolean;
  identity?: boolean;
  /** Typed as text; turned into a number or boolean for numeric and boolean columns when saved. */
  defaultValue?: string;
  comment?: string;
}
export interface IndexForm {
  name: string;
  columns: string[];
  unique?: boolean;
}
export interface DesignForm {
  tableName: string;
  comment?: string;
  columns: ColumnForm[];
  indexes: IndexForm[];
}
/** The column and index names that exist in the database already. */
export interface ReleasedParts {
  columns: string[];
  indexes: string[];
}

const NUMERIC: ColumnDataType[] = ['int', 'bigint', 'decimal'];

export function toDesign(v: DesignForm): TableDesign {
  return {
    tableName: v.tableName.trim(),
    comment: v.comment ?? '',
    columns: (v.columns ?? []).map((c) => {
      const text = (c.defaultValue ?? '').trim();
      let defaultValue: string | number | boolean | null = text === '' ? null : (c.defaultValue ?? '');
      if (text !== '' && NUMERIC.includes(c.dataType) && !Number.isNaN(Number(text))) defaultValue = Number(text);
      if (c.dataType === 'boolean' && /^(true|false)$/i.test(text)) defaultValue = text.toLowerCase() === 'true';
      return {
        name: c.name.trim(),
        dataType: c.dataType,
        length: c.dataType === 'varchar' ? (c.length ?? null) : null,
        precision: c.dataType === 'decimal' ? (c.precision ?? null) : null,
        scale: c.dataType === 'decimal' ? (c.scale ?? null) : null,
        nullable: !!c.nullable && !c.primaryKey,
        primaryKey: !!c.primaryKey,
        identity: !!c.identity,
        defaultValue,
        comment: c.comment ?? '',
      };
    }),
    indexes: (v.indexes ?? []).map((i) => ({ name: i.name.trim(), columns: i.columns ?? [], unique: !!i.unique })),
  };
}

export function fromDesign(d: TableDesign): DesignForm {
  return {
    tableName: d.tableName,
    comment: d.comment,
    columns: d.columns.map((c) => ({ ...c, defaultValue: c.defaultValue === null || c.defaultValue === undefined ? '' : String(c.defaultValue) })),
    indexes: d.indexes.map((i) => ({ ...i })),
  };
}

export const partsOf = (d: TableDesign): ReleasedParts => ({ columns: d.columns.map((c) => c.name), indexes: d.indexes.map((i) => i.name) });

export const newDesign = (): DesignForm => ({
  tableName: '',
  comment: '',
  columns: [{ name: 'F_Id', dataType: 'varchar', length: 64, nullable: false, primaryKey: true, identity: false, defaultValue: '', comment: '主键' }],
  indexes: [],
});

export const newColumn = (): ColumnForm => ({
  name: '',
  dataType: 'varchar',
  length: 255,
  nullable: true,
  primaryKey: false,
  identity: false,
  defaultValue: '',
  comment: '',
});
