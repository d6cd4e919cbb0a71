import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import type { FieldAuthority } from '@app/contracts';
import type { TFunction } from 'i18next';
import type { FormStore, ShownError } from './store';
import type { FormRuntime } from './types';

/** What every part of one rendered form shares. Stable between keystrokes, so it never re-renders the form. */
export interface FormContextValue {
  store: FormStore;
  runtime: FormRuntime;
  /** Look mode or edit flag 2: every field read-only, sub-tables included. */
  readOnly: boolean;
  authority?: FieldAuthority[];
  /** Form-level label width (formConf.labelWidth); a field's own __config__.labelWidth wins. */
  labelWidth: number;
  labelTop: boolean;
  /**
   * The formRenderer translations, handed down instead of each of hundreds of fields and cells subscribing to
   * i18next itself (a language switch re-renders the form anyway).
   */
  t: TFunction;
}

export const FormContext = createContext<FormContextValue | null>(null);

export function useFormContext(): FormContextValue {
  const value = useContext(FormContext);
  if (!value) throw new Error('form-renderer: used outside FormRenderer');
  return value;
}

/** One value of the store; re-renders the caller only when that key changes. */
export function useStoreValue(store: FormStore, key: string): unknown {
  const subscribe = useCallback((listener: () => void) => store.subscribe(key, listener), [store, key]);
  return useSyncExternalStore(
    subscribe,
    () => store.get(key),
    () => store.get(key),
  );
}

export function useStoreError(store: FormStore, path: string): ShownError | undefined {
  const subscribe = useCallback((listener: () => void) => store.subscribeError(path, listener), [store, path]);
  return useSyncExternalStore(
    subscribe,
    () => store.getError(path),
    () => store.getError(path),
  );
}
