import { useQuery } from '@tanstack/react-query';
import type { DictionaryTypeNode, FormField } from '@app/contracts';
import { designerSourcesApi } from '../api';

/**
 * Suggestions for the option-source keys (dictionary codes, data sources, database links, result columns). They
 * only help typing: every call is silent and a user without the data permissions still types the values by hand.
 */
const suggestion = { staleTime: 60_000, retry: false, refetchOnWindowFocus: false } as const;

export interface Suggestion {
  value: string;
  label: string;
}

function flattenTypes(nodes: DictionaryTypeNode[], out: Suggestion[] = []): Suggestion[] {
  for (const n of nodes) {
    out.push({ value: n.F_ItemCode, label: `${n.F_ItemName} (${n.F_ItemCode})` });
    flattenTypes(n.children ?? [], out);
  }
  return out;
}

export function useDictionaryCodes(enabled: boolean): Suggestion[] {
  const q = useQuery({
    queryKey: ['form-designer', 'dictionary-types'],
    queryFn: () => designerSourcesApi.dictionaryTypes(),
    enabled,
    ...suggestion,
  });
  return q.data ? flattenTypes(q.data) : [];
}

function useDataSources(enabled: boolean) {
  return useQuery({
    queryKey: ['form-designer', 'data-sources'],
    queryFn: () => designerSourcesApi.dataSources(),
    enabled,
    ...suggestion,
  });
}

export function useDataSourceOptions(enabled: boolean): Suggestion[] {
  return (useDataSources(enabled).data?.Rows ?? []).map((s) => ({ value: s.F_Code, label: `${s.F_Name} (${s.F_Code})` }));
}

export function useDatabaseLinks(enabled: boolean): Suggestion[] {
  const q = useQuery({
    queryKey: ['form-designer', 'database-links'],
    queryFn: () => designerSourcesApi.databaseLinks(),
    enabled,
    ...suggestion,
  });
  return (q.data ?? []).flatMap((g) => g.children).map((l) => ({ value: l.F_Id, label: `${l.F_DBAlias} (${l.F_Id})` }));
}

/** Result columns of a field's data source (dataType dataSource, stored as id or code): for showField / saveField and bound columns. */
export function useSourceColumns(field: FormField): Suggestion[] {
  const c = field.__config__;
  const wanted = c.dataType === 'dataSource' && !!c.dataSource;
  const sources = useDataSources(wanted);
  const source = sources.data?.Rows.find((s) => s.F_Id === c.dataSource || s.F_Code === c.dataSource);
  const q = useQuery({
    queryKey: ['form-designer', 'data-source-fields', source?.F_Id],
    queryFn: () => designerSourcesApi.sourceFields(source!.F_Id),
    enabled: wanted && !!source,
    ...suggestion,
  });
  return (q.data ?? []).map((f) => ({ value: f.name, label: `${f.name} (${f.dataType})` }));
}

/** AutoComplete filter: the typed text anywhere in the label, ignoring case. */
export const matches = (input: string, option?: { label?: unknown }) =>
  String(option?.label ?? '')
    .toLowerCase()
    .includes(input.toLowerCase());
