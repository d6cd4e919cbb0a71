import type { FormField, TableColumn } from '@app/contracts';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import type { LinkDriver } from '../../core/data-links.js';
import { AppError, notFound } from '../../core/errors.js';
import { columnsOf, lookupColumn, primaryKeyOf, type CrudContext } from '../data-design/crud-sql.js';
import { DataDesignRepository } from '../data-design/data-design.repository.js';
import { dialectOf, isSystemColumn } from '../data-design/ddl.js';
import { optionsOf, type CellOption } from '../form-relation/excel.js';
import type { RelationAccess, OpenedRelation } from '../form-relation/relation-access.js';
import type { LoadedForm } from '../form-scheme/form-scheme.service.js';
import { planStorage } from '../form-scheme/form-tables.js';

/** A field a template column may name. */
export interface TargetField {
  /** `__vModel__` / column name, or `<sub-table vModel>.<column vModel>`. */
  name: string;
  label: string;
  column: TableColumn;
  /** The form field (form targets). */
  field?: FormField;
  /** The sub-table container's vModel (sub-table columns only). */
  sub?: string;
  /** Options the form field carries itself (static options, switch texts); dictionary items are loaded by code. */
  options: CellOption[];
  /** The form field's dictionary code, if any. */
  dictionary: string;
}

/** An opened target: where rows are written and read. */
export interface Target {
  kind: 'form' | 'table';
  fields: Map<string, TargetField>;
  ctx: CrudContext;
  key: TableColumn;
  driver: LinkDriver;
  linkId: string;
  /** form: the opened page. */
  opened?: OpenedRelation;
  loaded?: LoadedForm;
}

export interface TargetRef {
  kind: 'form' | 'table';
  relationId: string;
  linkId: string;
  tableName: string;
}

const dictionaryOf = (field: FormField) => (field.__config__.dataType === 'dataItem' ? (field.__config__.dataItem ?? '') : '');

/** Opens a template's target for the caller: the published page (granted to the caller) or the released table of a link of the tenant. */
export async function openTarget(deps: AppDeps, access: RelationAccess, auth: AuthContext, ref: TargetRef): Promise<Target> {
  const designs = new DataDesignRepository(deps.db);
  if (ref.kind === 'form') {
    if (!ref.relationId) throw new AppError('excelTemplate.targetRequired', {}, 400);
    let opened: OpenedRelation;
    try {
      opened = await access.open(auth, ref.relationId, null);
    } catch (error) {
      if (error instanceof AppError && error.status === 404) throw notFound('excelTemplate.relationNotFound', { id: ref.relationId });
      throw error;
    }
    const loaded = opened.loaded;
    if (!loaded.tableInfo.length) throw new AppError('formRelation.formNoTables', { name: loaded.form.F_Name });
    const storage = planStorage(loaded.scheme, loaded.tableInfo);
    const driver = await deps.links.forLink(auth.tenantId, storage.linkId);
    const ctxOf = async (name: string) => {
      const released = await designs.released(auth.tenantId, storage.linkId, name);
      if (!released) throw new AppError('forms.tableNotReleased', { name });
      return { dialect: dialectOf(driver.type), placeholder: (n: number) => driver.placeholder(n), design: released.F_Design } satisfies CrudContext;
    };
    const ctx = await ctxOf(storage.main.table.name);
    const fields = new Map<string, TargetField>();
    const hidden = new Set(await access.hiddenFields(auth, opened));
    for (const b of storage.main.bindings) {
      const name = b.field.__vModel__;
      const column = columnsOf(ctx.design).get(b.column.toLowerCase());
      if (!name || !column || hidden.has(name) || b.field.__config__.avueType === 'upload') continue;
      fields.set(name, {
        name,
        label: b.field.__config__.label || name,
        column,
        field: b.field,
        options: optionsOf(b.field),
        dictionary: dictionaryOf(b.field),
      });
    }
    for (const sub of storage.subs) {
      const container = sub.container?.__vModel__;
      if (!container || hidden.has(container)) continue;
      const subCtx = await ctxOf(sub.table.name);
      for (const b of sub.bindings) {
        const name = b.field.__vModel__;
        const column = columnsOf(subCtx.design).get(b.column.toLowerCase());
        if (!name || !column || b.field.__config__.avueType === 'upload') continue;
        const label = `${sub.container?.__config__.label || container}.${b.field.__config__.label || name}`;
        fields.set(`${container}.${name}`, {
          name: `${container}.${name}`,
          label,
          column,
          field: b.field,
          sub: container,
          options: optionsOf(b.field),
          dictionary: dictionaryOf(b.field),
        });
      }
    }
    return { kind: 'form', fields, ctx, key: lookupColumn(ctx.design, storage.main.table.primaryKey), driver, linkId: storage.linkId, opened, loaded };
  }
  if (!ref.linkId || !ref.tableName) throw new AppError('excelTemplate.targetRequired', {}, 400);
  const driver = await deps.links.forLink(auth.tenantId, ref.linkId);
  const released = await designs.released(auth.tenantId, ref.linkId, ref.tableName);
  if (!released) throw new AppError('excelTemplate.tableNotReleased', { name: ref.tableName }, 400);
  const design = released.F_Design;
  const ctx: CrudContext = { dialect: dialectOf(driver.type), placeholder: (n) => driver.placeholder(n), design };
  const key = primaryKeyOf(design);
  const fields = new Map<string, TargetField>();
  for (const column of design.columns) {
    if (column.primaryKey || isSystemColumn(column.name)) continue;
    fields.set(column.name, { name: column.name, label: column.comment || column.name, column, options: [], dictionary: '' });
  }
  return { kind: 'table', fields, ctx, key, driver, linkId: ref.linkId };
}
