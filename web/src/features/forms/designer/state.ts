import type { FormField, FormSchemeContent } from '@app/contracts';
import type { FieldType } from '@app/contracts';
import {
  canDrop,
  copyField,
  findField,
  insertField,
  maxFormId,
  moveField,
  patchField,
  removeField,
  updateField,
  vModelsInScope,
  ROOT,
  type FieldPatch,
  type ListRef,
} from './scheme-ops';

/** Undo keeps at least this many steps (50 are asked for). */
export const HISTORY_LIMIT = 100;

export const emptyScheme = (): FormSchemeContent => ({ data: [], formConf: { labelWidth: 120, labelPosition: 'right', gutter: 15, size: 'medium' } });

export interface DesignerState {
  past: FormSchemeContent[];
  present: FormSchemeContent;
  future: FormSchemeContent[];
  selectedId: number | null;
  /** Typing into one property makes one undo step, not one per keystroke: edits with the same key merge. */
  mergeKey: string | null;
  /** The scheme as last loaded or saved: unsaved changes are `present !== saved` (schemes are immutable). */
  saved: FormSchemeContent;
}

export type DesignerAction =
  | { type: 'load'; scheme: FormSchemeContent }
  | { type: 'replace'; scheme: FormSchemeContent; select?: number | null }
  | { type: 'saved'; scheme: FormSchemeContent }
  | { type: 'insert'; list: ListRef; index: number; field: FormField }
  | {
      type: 'add';
      fieldType: FieldType;
      at?: { list: ListRef; index: number };
      make: (formId: number, vModel: string) => FormField;
      activeTab: (formId: number) => string | undefined;
    }
  | { type: 'move'; formId: number; list: ListRef; index: number }
  | { type: 'patch'; formId: number; patch: FieldPatch; mergeKey?: string }
  | { type: 'update'; formId: number; fn: (f: FormField) => FormField; mergeKey?: string }
  | { type: 'formConf'; patch: Record<string, unknown>; mergeKey?: string }
  | { type: 'copy'; formId: number }
  | { type: 'remove'; formId: number }
  | { type: 'select'; formId: number | null }
  | { type: 'undo' }
  | { type: 'redo' };

export const initialState = (scheme: FormSchemeContent = emptyScheme()): DesignerState => ({
  past: [],
  present: scheme,
  future: [],
  selectedId: null,
  mergeKey: null,
  saved: scheme,
});

function commit(
  state: DesignerState,
  data: FormField[] | FormSchemeContent,
  extra: Partial<DesignerState> = {},
  mergeKey: string | null = null,
): DesignerState {
  const present = Array.isArray(data) ? (data === state.present.data ? state.present : { ...state.present, data }) : data;
  if (present === state.present) return Object.keys(extra).length ? { ...state, ...extra } : state;
  const merge = mergeKey !== null && mergeKey === state.mergeKey;
  const past = merge ? state.past : [...state.past, state.present].slice(-HISTORY_LIMIT);
  return { ...state, ...extra, past, present, future: [], mergeKey };
}

export function designerReducer(state: DesignerState, action: DesignerAction): DesignerState {
  const data = state.present.data;
  switch (action.type) {
    case 'load':
      return initialState(action.scheme);
    case 'replace':
      return commit(state, action.scheme, action.select !== undefined ? { selectedId: action.select } : {});
    case 'saved': {
      const next = commit(state, action.scheme);
      return { ...next, saved: next.present };
    }
    case 'insert':
      return commit(state, insertField(data, action.list, action.index, action.field), { selectedId: action.field.__config__.formId });
    case 'add': {
      // Placed and numbered here, from the current state: two quick adds can never get the same formId.
      const target = placeNew(state, action.fieldType, action.at, action.activeTab);
      if (!target) return state;
      const formId = maxFormId(data) + 1;
      const used = vModelsInScope(data, target.list);
      const base = `${action.fieldType === 'table' ? 'table' : 'field'}${formId}`;
      let vModel = base;
      for (let n = 1; used.has(vModel); n++) vModel = `${base}_${n}`;
      return commit(state, insertField(data, target.list, target.index, action.make(formId, vModel)), { selectedId: formId });
    }
    case 'move':
      return commit(state, moveField(data, action.formId, action.list, action.index), { selectedId: action.formId });
    case 'patch':
      return commit(
        state,
        updateField(data, action.formId, (f) => patchField(f, action.patch)),
        {},
        action.mergeKey ?? null,
      );
    case 'update':
      return commit(state, updateField(data, action.formId, action.fn), {}, action.mergeKey ?? null);
    case 'formConf': {
      const formConf = { ...(state.present.formConf ?? emptyScheme().formConf!), ...action.patch } as FormSchemeContent['formConf'];
      return commit(state, { ...state.present, formConf }, {}, action.mergeKey ?? null);
    }
    case 'copy': {
      const r = copyField(data, action.formId);
      return r.formId === null ? state : commit(state, r.data, { selectedId: r.formId });
    }
    case 'remove':
      return commit(state, removeField(data, action.formId), { selectedId: state.selectedId === action.formId ? null : state.selectedId });
    case 'select':
      // A new selection ends the merging of property edits.
      return state.selectedId === action.formId ? state : { ...state, selectedId: action.formId, mergeKey: null };
    case 'undo': {
      const prev = state.past.at(-1);
      if (!prev) return state;
      return { ...state, past: state.past.slice(0, -1), present: prev, future: [state.present, ...state.future], mergeKey: null };
    }
    case 'redo': {
      const next = state.future[0];
      if (!next) return state;
      return { ...state, past: [...state.past, state.present], present: next, future: state.future.slice(1), mergeKey: null };
    }
  }
}

/** Where a new field goes: `at`, else into the selected container (a tabs container: its shown tab), else after the selected field, else at the end. */
function placeNew(
  state: DesignerState,
  type: FieldType,
  at: { list: ListRef; index: number } | undefined,
  activeTab: (formId: number) => string | undefined,
): { list: ListRef; index: number } | null {
  const data = state.present.data;
  let target = at;
  if (!target && state.selectedId !== null) {
    const sel = findField(data, state.selectedId);
    if (sel) {
      const c = sel.field.__config__;
      const firstTab = c.option?.column?.[0]?.prop;
      const inner: ListRef | null =
        c.avueType === 'row' || c.avueType === 'table'
          ? { kind: 'children', formId: c.formId }
          : c.avueType === 'tabs' && firstTab
            ? { kind: 'tab', formId: c.formId, prop: activeTab(c.formId) ?? firstTab }
            : null;
      if (inner && canDrop(data, inner, type)) target = { list: inner, index: Number.MAX_SAFE_INTEGER };
      else if (canDrop(data, sel.list, type)) target = { list: sel.list, index: sel.index + 1 };
    }
  }
  target ??= { list: ROOT, index: data.length };
  return canDrop(data, target.list, type) ? target : null;
}
