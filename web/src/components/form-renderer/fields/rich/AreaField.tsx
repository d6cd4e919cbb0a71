import { useQueries } from '@tanstack/react-query';
import { splitMulti } from '@app/contracts';
import { areaApi } from '../../../pickers/api';
import { AreaPicker } from '../../../pickers';
import type { FieldProps } from '../../types';

/**
 * Names of a stored area path: the picker loads its levels only when opened, so a form opened to edit or look
 * would show bare ids. The province list and the two child lists on the path give the names (silent: a failed
 * look-up shows the ids, spec 8).
 */
function useAreaNames(ids: readonly string[]): string | undefined {
  const lists = useQueries({
    queries: ['province', ...ids.slice(0, 2)].map((parent, level) => ({
      queryKey: ['form-area-level', parent],
      queryFn: () => (level === 0 ? areaApi.provinces(true) : areaApi.children(parent, true)),
      enabled: ids.length > level,
      staleTime: 10 * 60_000,
      retry: false,
    })),
  });
  if (ids.length === 0) return undefined;
  const names = ids.map((id, level) => lists[level]?.data?.find((a) => a.F_AreaId === id)?.F_AreaName);
  return names.every(Boolean) ? names.join(',') : undefined;
}

/** Area picker (province, city, district ids stored as 'provinceId,cityId,districtId'). */
export function AreaField({ field, value, onChange, disabled }: FieldProps) {
  const ids = splitMulti(value).filter(Boolean);
  const names = useAreaNames(ids);
  return <AreaPicker value={ids.join(',')} names={names} disabled={disabled} placeholder={field.placeholder} onChange={(next) => onChange(next)} />;
}
