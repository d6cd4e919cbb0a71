import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { InputNumber, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldProps } from '../../types';
import { clampZoom, DEFAULT_CENTER, formatLngLat, LAT_MAX, LAT_MIN, LNG_MAX, LNG_MIN, parseLngLat, type LngLat } from './map-logic';

// Leaflet and its CSS load with the first map field, not with the form.
const LeafletMap = lazy(() => import('./LeafletMap'));

type Draft = { lng: number | null; lat: number | null };

/**
 * Map marker: value 'lng,lat' (6 decimals). A click or drag on the map, or the two inputs, set it; out-of-range
 * input is clamped to longitude −180..180, latitude −74..74. The inputs work without tile access.
 */
export function MapField({ field, value, onChange, disabled }: FieldProps) {
  const { t } = useTranslation('formFields');
  const point = parseLngLat(value);
  const [draft, setDraft] = useState<Draft>({ lng: point?.lng ?? null, lat: point?.lat ?? null });
  // The stored value wins when it changes from outside (bound select, reset, loading a record).
  // A value cleared while one input is half typed keeps that input (the clear came from set() below).
  useEffect(() => {
    setDraft((d) => (point ? { lng: point.lng, lat: point.lat } : d.lng !== null && d.lat !== null ? { lng: null, lat: null } : d));
  }, [point?.lng, point?.lat]); // eslint-disable-line react-hooks/exhaustive-deps

  const set = (next: Draft) => {
    setDraft(next);
    // Half a point is no point: the value is empty until both are typed (required validation then speaks).
    onChange(next.lng !== null && next.lat !== null ? formatLngLat(next.lng, next.lat) : '');
  };
  const pick = (p: LngLat) => onChange(formatLngLat(p.lng, p.lat));
  const zoom = clampZoom(field.zoom);
  const center = useMemo(() => point ?? DEFAULT_CENTER, [point?.lng, point?.lat]); // eslint-disable-line react-hooks/exhaustive-deps
  const testId = `map-${field.__config__.formId}`;
  const num = (v: number | string | null) => (v === null || v === '' ? null : Number(v));

  return (
    <div data-testid={testId} style={{ display: 'flex', flexDirection: 'column', gap: 8, ...field.style }}>
      <Space wrap>
        <InputNumber
          data-testid={`${testId}-lng`}
          prefix={t('longitude')}
          aria-label={t('longitude')}
          style={{ width: 220 }}
          min={LNG_MIN}
          max={LNG_MAX}
          step={0.000001}
          precision={6}
          value={draft.lng}
          disabled={disabled}
          onChange={(v) => set({ ...draft, lng: num(v) })}
        />
        <InputNumber
          data-testid={`${testId}-lat`}
          prefix={t('latitude')}
          aria-label={t('latitude')}
          style={{ width: 220 }}
          min={LAT_MIN}
          max={LAT_MAX}
          step={0.000001}
          precision={6}
          value={draft.lat}
          disabled={disabled}
          onChange={(v) => set({ ...draft, lat: num(v) })}
        />
      </Space>
      <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 300 }} />}>
        <LeafletMap center={center} marker={point} zoom={zoom} disabled={disabled} onPick={pick} />
      </Suspense>
    </div>
  );
}
