import { TreeSelect } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DictionaryTypeNode } from '@app/contracts';
import { designerApi } from './designer-api';

type Node = { value: string; title: string; children?: Node[] };
const toNodes = (list: DictionaryTypeNode[]): Node[] =>
  list.map((d) => ({ value: d.F_ItemCode, title: `${d.F_ItemName} (${d.F_ItemCode})`, children: d.children?.length ? toNodes(d.children) : undefined }));

/** Picks a dictionary by its code (the field or parameter then shows its items' names). */
export function DictionaryPicker({ value, onChange, testId }: { value?: string; onChange?: (v: string | undefined) => void; testId?: string }) {
  const { t } = useTranslation('reportDesigner');
  const types = useQuery({ queryKey: ['report-designer', 'dictionary-types'], queryFn: () => designerApi.dictionaryTypes(), staleTime: 5 * 60_000 });
  return (
    <TreeSelect
      allowClear
      showSearch
      treeNodeFilterProp="title"
      placeholder={t('cell.dictionaryPlaceholder')}
      value={value || undefined}
      onChange={(v: string | undefined) => onChange?.(v || undefined)}
      treeData={toNodes(types.data ?? [])}
      loading={types.isLoading}
      style={{ width: '100%' }}
      data-testid={testId}
    />
  );
}
