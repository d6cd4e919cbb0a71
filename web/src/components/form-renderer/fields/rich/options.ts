import { useEffect, useMemo, useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { joinMulti, splitMulti, type DictionaryItem, type FieldOptionsResult, type FormField, type StaticOption } from '@app/contracts';
import { fieldOptionsApi } from '../../api';
import { useDictionary } from '../../../dictionary';
import type { FormRuntime } from '../../types';
import { useCascade, type Cascade } from '../../data-relations';

/** One option of a select / radio / checkbox / cascader / bound select; `record` is the source row (bound select copies its columns). */
export interface FieldOption {
  label: string;
  value: string;
  disabled?: boolean;
  record?: Record<string, unknown>;
  children?: FieldOption[];
}

export interface FieldOptions {
  options: FieldOption[];
  loading: boolean;
  /** Remote search: asks the source with the text; empty text does nothing (spec 5). */
  search(text: string): void;
}

/** What the server answers for a field's data source / SQL (GET …/field-options/{formId}, POST /form-scheme/field-options). */
export type FieldOptionRows = FieldOptionsResult;

export const FIELD_OPTIONS_KEY = 'form-field-options';

type Source = 'static' | 'dataItem' | 'dataSource' | 'dataSql';

export function optionSourceOf(field: FormField): Source {
  const t = field.__config__.dataType;
  return t === 'dataItem' || t === 'dataSource' || t === 'dataSql' ? t : 'static';
}

/** Remote search: asked for by the field, or implied by a filterable field whose options come from the server. */
export function isRemoteSearch(field: FormField): boolean {
  const c = field.__config__;
  const server = optionSourceOf(field) === 'dataSource' || optionSourceOf(field) === 'dataSql';
  return server && (c.remote === true || c.filterable === true);
}

/** Static options with any nesting: `__slot__.options` (select / radio / checkbox) or the field's own `options` (the original cascader's shape). */
function staticOptions(field: FormField): FieldOption[] {
  const slot = field.__slot__?.options;
  const own = (field as { options?: unknown }).options;
  const list: unknown = slot && slot.length > 0 ? slot : own;
  return Array.isArray(list) ? list.flatMap(toStaticOption) : [];
}

function toStaticOption(raw: unknown): FieldOption[] {
  if (typeof raw !== 'object' || raw === null) return [];
  const o = raw as StaticOption & { children?: unknown; disabled?: unknown };
  if (o.value === undefined || o.value === null) return [];
  const children = Array.isArray(o.children) ? o.children.flatMap(toStaticOption) : [];
  // The option object is kept as the record: a data relation filters static options by any of its keys.
  return [
    {
      label: String(o.label ?? o.value),
      value: String(o.value),
      record: o as Record<string, unknown>,
      ...(o.disabled === true ? { disabled: true } : {}),
      ...(children.length ? { children } : {}),
    },
  ];
}

/** Dictionary items as a tree by F_ParentId ('0' or an unknown parent is a root): selects ignore the nesting, cascaders use it. */
export function dictionaryOptions(items: readonly DictionaryItem[]): FieldOption[] {
  const byParent = new Map<string, DictionaryItem[]>();
  const ids = new Set(items.map((i) => i.F_ItemDetailId));
  for (const item of items) {
    const parent = ids.has(item.F_ParentId) && item.F_ParentId !== item.F_ItemDetailId ? item.F_ParentId : '';
    byParent.set(parent, [...(byParent.get(parent) ?? []), item]);
  }
  const seen = new Set<string>();
  const build = (parent: string): FieldOption[] =>
    (byParent.get(parent) ?? []).flatMap((i) => {
      // A cycle in stored parents must not hang the form.
      if (seen.has(i.F_ItemDetailId)) return [];
      seen.add(i.F_ItemDetailId);
      const children = build(i.F_ItemDetailId);
      return [{ label: i.F_ItemName, value: i.F_ItemValue, record: { ...i }, ...(children.length ? { children } : {}) }];
    });
  return build('');
}

/** A column of a row by name; SQL answers may come back in another letter case than the scheme names them. */
export function columnOf(row: Record<string, unknown>, column: string): unknown {
  if (column in row) return row[column];
  const lower = column.toLowerCase();
  const key = Object.keys(row).find((k) => k.toLowerCase() === lower);
  return key === undefined ? undefined : row[key];
}

const text = (v: unknown): string => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/**
 * Rows of a data source / SQL as options: value from saveField, label from showField. Without them the value is
 * the first column and the label the first other column (an `id, name` query reads naturally), else the value.
 * Rows that carry `children` (tree-shaped sources) keep them for cascaders.
 */
export function rowOptions(rows: readonly Record<string, unknown>[], field: FormField): FieldOption[] {
  const { showField, saveField } = field.__config__;
  return rows.flatMap((row) => {
    if (typeof row !== 'object' || row === null) return [];
    const columns = Object.keys(row).filter((k) => k !== 'children');
    const valueColumn = saveField || columns[0];
    if (!valueColumn) return [];
    const labelColumn = showField || columns.find((k) => k !== valueColumn) || valueColumn;
    const children = Array.isArray(row.children) ? rowOptions(row.children as Record<string, unknown>[], field) : [];
    return [{ label: text(columnOf(row, labelColumn)), value: text(columnOf(row, valueColumn)), record: row, ...(children.length ? { children } : {}) }];
  });
}

/** The keys of a field's config that decide what the server runs (designer preview: a change asks again). */
function sourceKey(field: FormField): string {
  const c = field.__config__;
  return JSON.stringify([c.dataType, c.dataSource, c.database, c.sql, c.showField, c.saveField]);
}

/**
 * Options of a field from its source (docs/forms-design.md "Options"): static (__slot__.options or the cascader's
 * own options), dictionary (label F_ItemName, value F_ItemValue) or data source / SQL, asked from the server by
 * field — the stored form's field when the form has a source, the field itself in the designer's preview (the
 * client never sends SQL to run for a stored form). A failed load gives no options and no message (spec 8).
 * Cascaders get the options as a tree; every other field gets them flat.
 *
 * The target of a data relation (docs/form-publishing-design.md "Data relations") lists only the rows whose filter
 * column equals its source's value: static and dictionary rows are filtered here, server rows are asked with
 * `parentValue`; an empty source gives no options. When the source changes, a value no longer offered is cleared.
 */
export function useFieldOptions(field: FormField, form: FormRuntime): FieldOptions {
  const source = optionSourceOf(field);
  const c = field.__config__;
  const server = source === 'dataSource' || source === 'dataSql';
  const remote = isRemoteSearch(field);
  const [keyword, setKeyword] = useState('');
  const cascade = useCascade(field);
  // A target without a source value offers nothing, so nothing is asked.
  const blocked = cascade.active && cascade.parentValue === '';

  const dictionary = useDictionary(source === 'dataItem' ? (c.dataItem ?? '') : '');

  const stored = form.source;
  const baseKey = stored
    ? [FIELD_OPTIONS_KEY, stored.schemeId, stored.versionId ?? '', c.formId, keyword]
    : [FIELD_OPTIONS_KEY, 'preview', c.formId, sourceKey(field), keyword];
  const rows = useQuery({
    // Without a relation the key is the one useDisplayText shares; a target's rows depend on the source value too.
    queryKey: cascade.active ? [...baseKey, cascade.parentValue] : baseKey,
    queryFn: () =>
      stored
        ? fieldOptionsApi.stored(stored.schemeId, c.formId, {
            keyword,
            versionId: stored.versionId,
            parentValue: cascade.active ? cascade.parentValue : undefined,
          })
        : fieldOptionsApi.preview(field, keyword),
    enabled: server && !blocked && !cascade.pending,
    retry: false,
    staleTime: 60_000,
    // While a search runs the last options stay listed instead of flashing empty.
    placeholderData: keepPreviousData,
  });

  const staticList = useMemo(() => (source === 'static' ? staticOptions(field) : []), [source, field]);
  const dictionaryList = useMemo(() => (source === 'dataItem' ? dictionaryOptions(dictionary.data ?? []) : []), [source, dictionary.data]);
  const rowList = useMemo(
    () => (server && !rows.isError && Array.isArray(rows.data?.rows) ? rowOptions(rows.data.rows, field) : []),
    [server, rows.isError, rows.data, field],
  );

  const nested = source === 'static' ? staticList : source === 'dataItem' ? dictionaryList : rowList;
  // Only a cascader walks a tree; every other field lists all options flat (a select ignores `children`).
  const tree = c.avueType === 'cascader';
  const { active, filterField, parentValue } = cascade;
  const options = useMemo(() => {
    if (active && parentValue === '') return [];
    // Server rows of a target are already filtered by the server (parentValue).
    const filter = active && !server ? (o: FieldOption) => matchesParent(o.record, filterField, parentValue) : null;
    if (tree) return filter ? pickSubtrees(nested, filter) : nested;
    const flat = flattenOptions(nested).map(({ children: _children, ...o }) => o);
    return filter ? flat.filter(filter) : flat;
  }, [tree, nested, active, server, filterField, parentValue]);
  const loading = blocked ? false : source === 'dataItem' ? dictionary.isLoading : server ? rows.isFetching : false;
  // The options answer the current source value (not a previous answer kept while the next one loads, not a failure).
  const settled = blocked || (source === 'dataItem' ? dictionary.isSuccess : server ? rows.isSuccess && !rows.isPlaceholderData && !rows.isFetching : true);
  useClearWhenNotOffered(field, form, cascade, options, settled);

  const search = (value: string) => {
    if (!remote) return;
    const next = value.trim();
    // Spec 5: remote search with empty text does nothing (the last answer stays).
    if (!next) return;
    setKeyword(next);
  };
  return { options, loading, search };
}

/** An option row whose filter column equals the source value; a multi-value source (comma-joined) matches any of its values. */
export function matchesParent(row: Record<string, unknown> | undefined, filterField: string, parentValue: string): boolean {
  if (!row || parentValue === '') return false;
  const own = columnOf(row, filterField);
  if (own === undefined || own === null) return false;
  return parentValue.split(',').includes(text(own));
}

/** The matching nodes of a tree with their whole subtrees (a cascader target starts at the matching level). */
function pickSubtrees(options: readonly FieldOption[], keep: (o: FieldOption) => boolean): FieldOption[] {
  return options.flatMap((o) => (keep(o) ? [o] : pickSubtrees(o.children ?? [], keep)));
}

/**
 * After the source of a cascade changed (not at mount: a stored record keeps its values), a target value that is no
 * longer among the options is cleared; a multi-value target keeps the values still offered. Waits for the options of
 * the new source value; read-only forms are never changed.
 */
function useClearWhenNotOffered(field: FormField, form: FormRuntime, cascade: Cascade, options: FieldOption[], settled: boolean) {
  const checkedFor = useRef(cascade.parentValue);
  const formId = field.__config__.formId;
  useEffect(() => {
    if (!cascade.active || checkedFor.current === cascade.parentValue || !settled) return;
    checkedFor.current = cascade.parentValue;
    if (!cascade.canClear) return;
    const current = text(form.getValueByFormId(formId));
    if (current === '') return;
    let next: string;
    if (field.__config__.avueType === 'cascader') {
      // A path: its first step must be one of the (picked) roots.
      next = options.some((o) => o.value === splitMulti(current)[0]) ? current : '';
    } else {
      const offered = new Set(options.map((o) => o.value));
      next = joinMulti(splitMulti(current).filter((v) => offered.has(v)));
    }
    if (next !== current) form.setByFormId({ [formId]: next });
  }, [cascade.active, cascade.parentValue, cascade.canClear, settled, options, form, formId, field]);
}

/** Every option of a tree, depth first (a select over a tree-shaped source lists all of them). */
export function flattenOptions(options: readonly FieldOption[]): FieldOption[] {
  return options.flatMap((o) => [o, ...flattenOptions(o.children ?? [])]);
}
