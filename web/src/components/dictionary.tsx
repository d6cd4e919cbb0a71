import { Select, type SelectProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dictionaryApi } from './api';

/** Query key prefix of dictionary look-ups (invalidate it after editing items or translations). */
export const DICTIONARY_KEY = 'dictionary';

/**
 * The items of one dictionary (GET /data-items/{code}/detail: enabled, sorted, names in the request's language),
 * cached per code and language. A failed look-up is silent and yields no items (spec 8).
 */
export function useDictionary(code: string) {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh-CN';
  return useQuery({
    queryKey: [DICTIONARY_KEY, code, lang],
    queryFn: () => dictionaryApi.items(code),
    staleTime: 5 * 60_000,
    enabled: !!code,
  });
}

/** The display name of a stored dictionary value (the value itself when unknown). */
export function useDictionaryLabel(code: string) {
  const { data = [] } = useDictionary(code);
  return (value: string | null | undefined) => (value ? (data.find((i) => i.F_ItemValue === value)?.F_ItemName ?? value) : '');
}

export function DictionaryLabel({ code, value }: { code: string; value: string | null | undefined }) {
  return <>{useDictionaryLabel(code)(value)}</>;
}

export interface DictionarySelectProps extends Omit<SelectProps<string>, 'options'> {
  code: string;
}

/** A select over a dictionary's items (value = F_ItemValue, label = F_ItemName). */
export function DictionarySelect({ code, ...rest }: DictionarySelectProps) {
  const { data = [], isLoading } = useDictionary(code);
  return (
    <Select<string>
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={isLoading}
      options={data.map((i) => ({ value: i.F_ItemValue, label: i.F_ItemName }))}
      {...rest}
    />
  );
}
