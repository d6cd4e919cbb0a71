import { createContext, useCallback, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { joinMulti, type DataRelationRow, type FormField } from '@app/contracts';
import { dataRelationsApi } from './api';
import type { FormStore } from './store';

/**
 * Data relations (cascades, docs/form-publishing-design.md "Data relations"): a target option field lists only the
 * option rows whose `F_FilterField` equals the source field's current value. The renderer loads a stored form's
 * relations once; only the target fields read them, and each target subscribes to its own source's value, so a
 * change re-renders the source and its targets, nothing else.
 */
export const DATA_RELATIONS_KEY = 'form-data-relations';

interface CascadeContextValue {
  /** Enabled relations by target formId (main-form fields only). */
  byTarget: ReadonlyMap<number, DataRelationRow>;
  store: FormStore;
  /** Look mode or edit flag 2: a cascade filters but never clears a value. */
  readOnly: boolean;
  /** The relations are still loading: server options wait, so a target is not first asked without its source value. */
  pending: boolean;
}

const CascadeContext = createContext<CascadeContextValue | null>(null);

/**
 * Loads the relations of a stored form (silent: without them the form simply does not cascade) and hands them to
 * the option fields. A form without a source (the designer's preview) has none and asks nothing.
 */
export function CascadeProvider({ schemeId, store, readOnly, children }: { schemeId?: string; store: FormStore; readOnly: boolean; children: ReactNode }) {
  if (!schemeId) return children;
  return (
    <StoredFormCascade schemeId={schemeId} store={store} readOnly={readOnly}>
      {children}
    </StoredFormCascade>
  );
}

function StoredFormCascade({ schemeId, store, readOnly, children }: { schemeId: string; store: FormStore; readOnly: boolean; children: ReactNode }) {
  const { data, isPending } = useQuery({
    queryKey: [DATA_RELATIONS_KEY, schemeId],
    queryFn: () => dataRelationsApi.forForm(schemeId),
    retry: false,
    staleTime: 60_000,
  });
  const value = useMemo<CascadeContextValue>(() => {
    const byTarget = new Map<number, DataRelationRow>();
    const mainFields = store.model.mainByFormId;
    for (const relation of Array.isArray(data) ? data : []) {
      // Both ends must be main-form fields of the scheme shown (a relation of another version is ignored).
      if (relation.F_EnabledMark === 1 && mainFields.has(relation.F_TargetFormId) && mainFields.has(relation.F_SourceFormId))
        byTarget.set(relation.F_TargetFormId, relation);
    }
    return { byTarget, store, readOnly, pending: isPending };
  }, [data, store, readOnly, isPending]);
  return <CascadeContext.Provider value={value}>{children}</CascadeContext.Provider>;
}

export interface Cascade {
  /** The field is the target of a relation. */
  active: boolean;
  /** Column of the option rows compared with the source value. */
  filterField: string;
  /** The source's current value as text ('' when empty; lists comma-joined). */
  parentValue: string;
  /** May clear the target when its value is no longer offered. */
  canClear: boolean;
  /** Whether the field is a target is not known yet (the form's relations are loading). */
  pending: boolean;
}

const NONE: Cascade = { active: false, filterField: '', parentValue: '', canClear: false, pending: false };
const PENDING: Cascade = { ...NONE, pending: true };
const noSubscription = () => () => undefined;

function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return joinMulti(value);
  return String(value);
}

/** The cascade of one option field: whether it is a target and its source's current value (subscribed to that key only). */
export function useCascade(field: FormField): Cascade {
  const context = useContext(CascadeContext);
  const relation = context?.byTarget.get(field.__config__.formId);
  const sourceKey = relation ? (context!.store.model.mainByFormId.get(relation.F_SourceFormId)?.__vModel__ ?? '') : '';
  const store = context?.store;
  const subscribe = useCallback((listener: () => void) => (store && sourceKey ? store.subscribe(sourceKey, listener) : noSubscription()), [store, sourceKey]);
  const read = () => (store && sourceKey ? valueText(store.get(sourceKey)) : '');
  const parentValue = useSyncExternalStore(subscribe, read, read);
  if (context?.pending) return PENDING;
  if (!relation || !sourceKey) return NONE;
  return { active: true, filterField: relation.F_FilterField, parentValue, canClear: !context!.readOnly, pending: false };
}
