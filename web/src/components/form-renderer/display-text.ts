import { useCallback, useMemo, useRef, useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { flattenFields, splitMulti, type AnnexFile, type Area, type DictionaryItem, type FormField, type UserBrief } from '@app/contracts';
import { dictionaryApi } from '../api';
import { annexApi } from '../files/api';
import { areaApi, userBriefApi } from '../pickers/api';
import { fieldOptionsApi } from './api';
import { DICTIONARY_KEY } from '../dictionary';
import { annexFilesKey } from '../files/UploadField';
import { useOrgNames } from './fields/rich/OrgFields';
import {
  dictionaryOptions,
  FIELD_OPTIONS_KEY,
  flattenOptions,
  optionSourceOf,
  rowOptions,
  type FieldOption,
  type FieldOptionRows,
} from './fields/rich/options';

/**
 * Text of a stored value as people read it (published list cells, print view): option labels
 * (static, dictionary, data source / SQL), names of users / departments / companies / areas, switch texts, dates as
 * stored, numbers and computed values as their decimal text. Returns a function, so a list of rows shares one set
 * of loaded options.
 *
 * Option sources and org trees are known from the fields and loaded up front (the same queries, under the same
 * keys, as the renderer's fields: what one loaded the other reuses). Users, areas and attachment folders are known
 * only from the values: the returned function notes the ids it has not seen and they are looked up after the
 * render; until the names arrive the ids are shown. Failed look-ups are silent (spec 8): the value shows as stored.
 */
export type DisplayText = (field: FormField, value: unknown) => string;

const OPTION_TYPES = new Set(['select', 'radio', 'checkbox', 'asso-select', 'cascader']);
/** Users looked up per request (GET /users/multi/{ids}); a long list is split so the address stays short. */
const USERS_PER_CALL = 50;

/** useQueries `combine`: the data of each query, structurally shared, so it is a stable dependency. */
const dataOf = <T>(results: { data?: T }[]): (T | undefined)[] => results.map((r) => r.data);

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

/** Plain text of rich-text HTML (DOMParser builds an inert document: nothing runs or loads). */
function htmlText(html: string): string {
  if (!html) return '';
  return (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** Ids named by the values seen so far that still need a look-up. */
interface Wanted {
  users: string[];
  /** 'province' and the parent ids whose child lists name an area path's later levels. */
  areaLevels: string[];
  folders: string[];
}

type WantedKind = keyof Wanted;

function chunk<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** The info field kind or the org picker kind of a field (company / department), if any. */
function orgKind(field: FormField): 'company' | 'department' | null {
  const c = field.__config__;
  if (c.avueType === 'company' || c.avueType === 'department') return c.avueType;
  if (c.avueType === 'info' && (field.infoType === 'company' || field.infoType === 'department')) return field.infoType;
  return null;
}

export function useDisplayText(fields: FormField[], source?: { schemeId: string; versionId?: string }): DisplayText {
  const { t, i18n } = useTranslation('common');
  const lang = i18n.language === 'en' ? 'en' : 'zh-CN';
  const separator = lang === 'en' ? ', ' : '，';

  const places = useMemo(() => flattenFields(fields).map((p) => p.field), [fields]);
  const dictionaryCodes = useMemo(
    () => [
      ...new Set(
        places
          .filter((f) => OPTION_TYPES.has(f.__config__.avueType) && optionSourceOf(f) === 'dataItem')
          .map((f) => f.__config__.dataItem ?? '')
          .filter(Boolean),
      ),
    ],
    [places],
  );
  const serverFields = useMemo(
    () => places.filter((f) => OPTION_TYPES.has(f.__config__.avueType) && (optionSourceOf(f) === 'dataSource' || optionSourceOf(f) === 'dataSql')),
    [places],
  );
  const needsCompanies = places.some((f) => orgKind(f) === 'company');
  const needsDepartments = places.some((f) => orgKind(f) === 'department');

  // ------------------------------------------------------------------ known from the fields
  const dictionaries = useQueries({
    queries: dictionaryCodes.map((code) => ({
      queryKey: [DICTIONARY_KEY, code, lang],
      queryFn: () => dictionaryApi.items(code),
      staleTime: 5 * 60_000,
    })),
    combine: dataOf<DictionaryItem[]>,
  });
  // Same keys as useFieldOptions with an empty keyword: the renderer's first load is this one.
  const remote = useQueries({
    queries: serverFields.map((field) => {
      const formId = field.__config__.formId;
      return {
        queryKey: source
          ? [FIELD_OPTIONS_KEY, source.schemeId, source.versionId ?? '', formId, '']
          : [FIELD_OPTIONS_KEY, 'preview', formId, JSON.stringify(field.__config__), ''],
        queryFn: () =>
          source ? fieldOptionsApi.stored(source.schemeId, formId, { keyword: '', versionId: source.versionId }) : fieldOptionsApi.preview(field, ''),
        retry: false,
        staleTime: 60_000,
      };
    }),
    combine: dataOf<FieldOptionRows>,
  });
  const companyNames = useOrgNames('company', needsCompanies);
  const departmentNames = useOrgNames('department', needsDepartments);

  // value → label per option field (formId), flattened (cascader paths are looked up level by level).
  const optionLabels = useMemo(() => {
    const labels = new Map<number, Map<string, string>>();
    const toMap = (options: FieldOption[]) => new Map(flattenOptions(options).map((o) => [o.value, o.label]));
    for (const field of places) {
      if (!OPTION_TYPES.has(field.__config__.avueType)) continue;
      const kind = optionSourceOf(field);
      const rows = kind === 'dataSource' || kind === 'dataSql' ? remote[serverFields.indexOf(field)]?.rows : undefined;
      const options =
        kind === 'static'
          ? staticOptionsOf(field)
          : kind === 'dataItem'
            ? dictionaryOptions(dictionaries[dictionaryCodes.indexOf(field.__config__.dataItem ?? '')] ?? [])
            : Array.isArray(rows)
              ? rowOptions(rows, field)
              : [];
      labels.set(field.__config__.formId, toMap(options));
    }
    return labels;
  }, [places, dictionaryCodes, serverFields, dictionaries, remote]);

  // ------------------------------------------------------------------ known from the values
  const [wanted, setWanted] = useState<Wanted>({ users: [], areaLevels: [], folders: [] });
  const pending = useRef<Wanted>({ users: [], areaLevels: [], folders: [] });
  const scheduled = useRef(false);
  const want = useCallback((kind: WantedKind, ids: string[]) => {
    const fresh = ids.filter((id) => id && !pending.current[kind].includes(id));
    if (fresh.length === 0) return;
    pending.current = { ...pending.current, [kind]: [...pending.current[kind], ...fresh] };
    if (scheduled.current) return;
    scheduled.current = true;
    // Called while rendering (maybe another component's render): the state changes after it.
    queueMicrotask(() => {
      scheduled.current = false;
      setWanted(pending.current);
    });
  }, []);

  const users = useQueries({
    queries: chunk(wanted.users, USERS_PER_CALL).map((ids) => ({
      queryKey: ['users-multi', ids.join(',')],
      queryFn: () => userBriefApi.byIds(ids, true),
      staleTime: 60_000,
      retry: false,
    })),
    combine: dataOf<UserBrief[]>,
  });
  const areas = useQueries({
    queries: wanted.areaLevels.map((parent) => ({
      queryKey: ['form-area-level', parent],
      queryFn: () => (parent === 'province' ? areaApi.provinces(true) : areaApi.children(parent, true)),
      staleTime: 10 * 60_000,
      retry: false,
    })),
    combine: dataOf<Area[]>,
  });
  const folders = useQueries({
    queries: wanted.folders.map((folderId) => ({
      queryKey: annexFilesKey(folderId),
      queryFn: () => annexApi.files(folderId, true),
      retry: false,
    })),
    combine: dataOf<AnnexFile[]>,
  });
  const userNames = useMemo(() => {
    const names = new Map<string, string>();
    for (const list of users) for (const u of list ?? []) names.set(u.F_UserId, u.F_RealName || u.F_Account);
    return names;
  }, [users]);
  const areaNames = useMemo(() => {
    const names = new Map<string, string>();
    for (const list of areas) for (const a of list ?? []) names.set(a.F_AreaId, a.F_AreaName);
    return names;
  }, [areas]);
  const folderNames = useMemo(() => {
    const names = new Map<string, string>();
    wanted.folders.forEach((id, i) => {
      const files = folders[i];
      if (files) names.set(id, files.map((f) => f.F_FileName).join(', '));
    });
    return names;
  }, [wanted.folders, folders]);

  return useCallback(
    (field: FormField, value: unknown): string => {
      if (value === null || value === undefined || value === '') return '';
      const c = field.__config__;
      const type = c.avueType;
      const items = splitMulti(value).filter((v) => v !== '');
      const join = (list: string[]) => list.join(separator);
      switch (type) {
        case 'select':
        case 'radio':
        case 'checkbox':
        case 'asso-select': {
          const labels = optionLabels.get(c.formId);
          return join(items.map((v) => labels?.get(v) ?? v));
        }
        case 'cascader': {
          const labels = optionLabels.get(c.formId);
          return items.map((v) => labels?.get(v) ?? v).join(' / ');
        }
        case 'switch': {
          const on = text(value) === text(field['active-value'] ?? true);
          return on ? field['active-text'] || t('yes') : field['inactive-text'] || t('no');
        }
        case 'user':
          want('users', items);
          return join(items.map((id) => userNames.get(id) ?? id));
        case 'company':
          return join(items.map((id) => companyNames.get(id) ?? id));
        case 'department':
          return join(items.map((id) => departmentNames.get(id) ?? id));
        case 'info': {
          const id = text(value);
          if (field.infoType === 'user') {
            want('users', [id]);
            return userNames.get(id) ?? id;
          }
          if (field.infoType === 'company') return companyNames.get(id) ?? id;
          if (field.infoType === 'department') return departmentNames.get(id) ?? id;
          return id;
        }
        case 'area': {
          // Level 1 from the province list, level n + 1 from the children of level n.
          want('areaLevels', ['province', ...items.slice(0, -1)]);
          return items.map((id) => areaNames.get(id) ?? id).join(' / ');
        }
        case 'date':
        case 'time':
          return items.join(' ~ ');
        case 'upload':
          want('folders', [text(value)]);
          return folderNames.get(text(value)) ?? '';
        case 'editor':
          return htmlText(text(value));
        case 'password':
          return '•'.repeat(Math.min(text(value).length, 8));
        case 'table':
        case 'row':
        case 'tabs':
          return '';
        default:
          return Array.isArray(value) ? join(items) : text(value);
      }
    },
    [optionLabels, separator, t, want, userNames, companyNames, departmentNames, areaNames, folderNames],
  );
}

/** Static options with any nesting (`__slot__.options`, or a cascader's own `options`), as the renderer reads them. */
function staticOptionsOf(field: FormField): FieldOption[] {
  const slot = field.__slot__?.options;
  const own = (field as { options?: unknown }).options;
  const list: unknown = slot && slot.length > 0 ? slot : own;
  const toOption = (raw: unknown): FieldOption[] => {
    if (typeof raw !== 'object' || raw === null) return [];
    const o = raw as { label?: unknown; value?: unknown; children?: unknown };
    if (o.value === undefined || o.value === null) return [];
    const children = Array.isArray(o.children) ? o.children.flatMap(toOption) : [];
    return [{ label: text(o.label ?? o.value), value: text(o.value), ...(children.length ? { children } : {}) }];
  };
  return Array.isArray(list) ? list.flatMap(toOption) : [];
}
