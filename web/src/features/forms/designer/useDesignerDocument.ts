import { useEffect, useReducer, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { parseScheme, type FormSchemeContent } from '@app/contracts';
import { formSchemeApi } from '../api';
import { newMeta, type FormMeta } from './FormTab';
import type { TableSettings } from './scheme-ops';
import { designerReducer, emptyScheme, initialState } from './state';

const newTables = (): TableSettings => ({ enabled: true, main: '' });
const metaSnapshot = (meta: FormMeta, tables: TableSettings) => JSON.stringify({ meta, tables });

/**
 * The form being designed: the scheme with its undo history, name and table settings, the form loaded from the
 * `id` in the URL, and whether anything changed since it was loaded or saved.
 */
export function useDesignerDocument() {
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  const [state, dispatch] = useReducer(designerReducer, undefined, () => initialState());
  const [meta, setMeta] = useState<FormMeta>(newMeta);
  const [tables, setTables] = useState<TableSettings>(newTables);
  // The form whose scheme is in the designer; a form saved here is not loaded again.
  const [loadedId, setLoadedId] = useState<string | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [saveTried, setSaveTried] = useState(false);
  // Name, category, description and table settings as last loaded or saved (the scheme's own is in the reducer).
  const [savedMeta, setSavedMeta] = useState(() => metaSnapshot(newMeta(), newTables()));

  const detail = useQuery({
    queryKey: ['form-scheme-designer', id],
    queryFn: () => formSchemeApi.get(id!),
    enabled: !!id && id !== loadedId,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  useEffect(() => {
    const d = detail.data;
    if (!d || d.F_Id === loadedId) return;
    const check = parseScheme(d.F_Scheme);
    setLoadError(!check.ok);
    dispatch({ type: 'load', scheme: check.ok ? { formConf: emptyScheme().formConf, ...check.scheme } : emptyScheme() });
    const loadedMeta: FormMeta = {
      F_Name: d.F_Name,
      F_Category: d.F_Category,
      F_Description: d.F_Description,
      F_Type: d.F_Type === 2 ? 2 : 0,
      F_Url: d.F_Url,
      F_SortCode: d.F_SortCode,
    };
    const main = d.tableInfo.find((x) => x.type === 'main');
    const loadedTables = { enabled: !!main, main: main?.name ?? '' };
    setMeta(loadedMeta);
    setTables(loadedTables);
    setSavedMeta(metaSnapshot(loadedMeta, loadedTables));
    setLoadedId(d.F_Id);
  }, [detail.data, loadedId]);

  // The same page opened again without an id (the designer entry after editing a form): start a new form. Only a
  // change of the URL counts: right after a new form's first save loadedId is set before the URL has its id.
  const previousId = useRef(id);
  useEffect(() => {
    const was = previousId.current;
    previousId.current = id;
    if (id || !was) return;
    dispatch({ type: 'load', scheme: emptyScheme() });
    setMeta(newMeta());
    setTables(newTables());
    setSavedMeta(metaSnapshot(newMeta(), newTables()));
    setLoadError(false);
    setSaveTried(false);
    setLoadedId(null);
  }, [id]);

  /** Records a successful save: the scheme, name and table settings saved are the new unchanged state. */
  const markSaved = (scheme: FormSchemeContent, savedAs: { meta: FormMeta; tables: TableSettings }) => {
    dispatch({ type: 'saved', scheme });
    setSavedMeta(metaSnapshot(savedAs.meta, savedAs.tables));
  };
  /** A new form's first save puts its id into the URL, without loading it again. */
  const adoptSavedId = (savedId: string) => {
    if (id) return;
    setLoadedId(savedId);
    setParams({ id: savedId }, { replace: true });
  };

  const dirty = state.present !== state.saved || metaSnapshot(meta, tables) !== savedMeta;
  return { id, state, dispatch, meta, setMeta, tables, setTables, detail, loadError, saveTried, setSaveTried, markSaved, adoptSavedId, dirty };
}

export type DesignerDocument = ReturnType<typeof useDesignerDocument>;
