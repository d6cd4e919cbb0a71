import { useEffect, useState } from 'react';
import { Cascader } from 'antd';
import { useTranslation } from 'react-i18next';
import { areaApi } from './api';
import type { Area } from './types';

interface AreaOption {
  value: string;
  label: string;
  isLeaf: boolean;
  level: number;
  children?: AreaOption[];
  loading?: boolean;
}

export interface AreaPickerProps {
  /** "provinceId,cityId,districtId". */
  value?: string;
  /** "province,city,district" names, shown before the levels are loaded. */
  names?: string;
  onChange?: (ids: string, names: string) => void;
  placeholder?: string;
  disabled?: boolean;
}

const toOption = (a: Area): AreaOption => ({ value: a.F_AreaId, label: a.F_AreaName, level: a.F_Level, isLeaf: a.F_Level >= 3 || a.hasChildren === false });

/** Spec 2.10: cascading area picker with three lazy levels (GET /areas/province, /areas/{id}/child). */
export function AreaPicker({ value, names, onChange, placeholder, disabled }: AreaPickerProps) {
  const { t } = useTranslation('pickers');
  const [options, setOptions] = useState<AreaOption[]>([]);
  useEffect(() => {
    let live = true;
    void areaApi.provinces().then((rows) => live && setOptions(rows.map(toOption)));
    return () => {
      live = false;
    };
  }, []);
  const loadData = async (path: AreaOption[]) => {
    const target = path[path.length - 1];
    if (!target || target.children) return;
    const rows = await areaApi.children(target.value);
    target.children = rows.map((a) => ({ ...toOption(a), isLeaf: toOption(a).isLeaf || target.level >= 2 }));
    if (target.children.length === 0) target.isLeaf = true;
    setOptions((o) => [...o]);
  };
  const ids = value ? value.split(',').filter(Boolean) : [];
  return (
    <Cascader<AreaOption>
      data-testid="area-picker"
      style={{ width: '100%' }}
      disabled={disabled}
      options={options}
      loadData={(p) => void loadData(p as AreaOption[])}
      changeOnSelect={false}
      value={ids}
      placeholder={placeholder ?? t('area.placeholder')}
      displayRender={(labels, selected) =>
        selected && selected.length === labels.length && selected.every(Boolean)
          ? labels.join(' / ')
          : (names ?? '').split(',').filter(Boolean).join(' / ') || labels.join(' / ')
      }
      onChange={(v, sel) => {
        const list = (sel ?? []) as AreaOption[];
        onChange?.(((v ?? []) as string[]).join(','), list.map((o) => o.label).join(','));
      }}
    />
  );
}
