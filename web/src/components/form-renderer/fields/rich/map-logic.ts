/** Map marker values (docs/forms-design.md "Map"): 'lng,lat' with 6 decimals inside the spec's ranges. */
export const LNG_MIN = -180;
export const LNG_MAX = 180;
/** Web Mercator tiles stop well before the poles; the original limits latitude to ±74. */
export const LAT_MIN = -74;
export const LAT_MAX = 74;
export const ZOOM_MIN = 3;
export const ZOOM_MAX = 19;
export const DEFAULT_ZOOM = 12;
/** Where an empty map opens (Beijing): the users are in China. */
export const DEFAULT_CENTER: LngLat = { lng: 116.397428, lat: 39.90923 };
export const DEFAULT_TILE_URL = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';

export interface LngLat {
  lng: number;
  lat: number;
}

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));

export const clampLng = (v: number) => clamp(v, LNG_MIN, LNG_MAX);
export const clampLat = (v: number) => clamp(v, LAT_MIN, LAT_MAX);

/** The field's zoom within 3..19 (rounded); anything not a number gives the default 12. */
export function clampZoom(zoom: unknown): number {
  const z = typeof zoom === 'number' ? zoom : typeof zoom === 'string' && zoom.trim() !== '' ? Number(zoom) : NaN;
  return Number.isFinite(z) ? clamp(Math.round(z), ZOOM_MIN, ZOOM_MAX) : DEFAULT_ZOOM;
}

/** The stored value as numbers, or null when it is not two finite numbers. Out-of-range values are kept (validation reports them). */
export function parseLngLat(value: unknown): LngLat | null {
  if (typeof value !== 'string' || !value.includes(',')) return null;
  const [a, b, ...rest] = value.split(',');
  if (rest.length > 0 || a.trim() === '' || b.trim() === '') return null;
  const lng = Number(a);
  const lat = Number(b);
  return Number.isFinite(lng) && Number.isFinite(lat) ? { lng, lat } : null;
}

/** The value stored for a point: clamped into range and written with 6 decimals ('116.397428,39.909230'). */
export function formatLngLat(lng: number, lat: number): string {
  return `${clampLng(lng).toFixed(6)},${clampLat(lat).toFixed(6)}`;
}

/** A longitude from a map that was panned around the world (e.g. 200) brought back into −180..180. */
export function wrapLng(lng: number): number {
  if (lng >= LNG_MIN && lng <= LNG_MAX) return lng;
  return ((((lng + 180) % 360) + 360) % 360) - 180;
}

/** The tile address: the build setting VITE_MAP_TILE_URL, else OpenStreetMap. */
export function tileUrl(env: Record<string, unknown> = import.meta.env): string {
  const configured = env.VITE_MAP_TILE_URL;
  return typeof configured === 'string' && configured.trim() ? configured.trim() : DEFAULT_TILE_URL;
}
