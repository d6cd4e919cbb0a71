import { AreaPicker } from '../../../pickers';
import type { FieldProps } from '../../types';

/** Area picker (province, city, district ids stored as 'provinceId,cityId,districtId'). */
export function AreaField({ field, value, onChange, disabled }: FieldProps) {
  return (
    <AreaPicker
      value={typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value)}
      disabled={disabled}
      placeholder={field.placeholder}
      onChange={(ids) => onChange(ids)}
    />
  );
}
