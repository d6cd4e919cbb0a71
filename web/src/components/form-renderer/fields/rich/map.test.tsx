import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithApp, stubApi } from '../../../../test/helpers';
import { MapField } from './MapField';
import { clampZoom, DEFAULT_TILE_URL, formatLngLat, parseLngLat, tileUrl, wrapLng } from './map-logic';
import { FieldHost, fakeForm, field } from './test-util';

afterEach(() => vi.unstubAllGlobals());

describe('map logic', () => {
  it("formats 'lng,lat' with 6 decimals, clamped to longitude −180..180 and latitude −74..74", () => {
    expect(formatLngLat(116.3974284, 39.90923)).toBe('116.397428,39.909230');
    expect(formatLngLat(200, 80)).toBe('180.000000,74.000000');
    expect(formatLngLat(-181, -90)).toBe('-180.000000,-74.000000');
    expect(formatLngLat(0, 0)).toBe('0.000000,0.000000');
  });

  it('zoom 3..19, default 12', () => {
    expect(clampZoom(undefined)).toBe(12);
    expect(clampZoom('abc')).toBe(12);
    expect(clampZoom(1)).toBe(3);
    expect(clampZoom(25)).toBe(19);
    expect(clampZoom(15)).toBe(15);
    expect(clampZoom('8')).toBe(8);
  });

  it('reads stored values; anything but two numbers is no point', () => {
    expect(parseLngLat('116.397428,39.909230')).toEqual({ lng: 116.397428, lat: 39.90923 });
    expect(parseLngLat('')).toBeNull();
    expect(parseLngLat('1')).toBeNull();
    expect(parseLngLat('a,b')).toBeNull();
    expect(parseLngLat('1,2,3')).toBeNull();
    expect(parseLngLat(',2')).toBeNull();
    expect(parseLngLat(null)).toBeNull();
  });

  it('wraps a panned-around longitude; tiles from VITE_MAP_TILE_URL or OpenStreetMap', () => {
    expect(wrapLng(200)).toBe(-160);
    expect(wrapLng(-190)).toBe(170);
    expect(wrapLng(10)).toBe(10);
    expect(tileUrl({})).toBe(DEFAULT_TILE_URL);
    expect(tileUrl({ VITE_MAP_TILE_URL: ' https://tiles.example/{z}/{x}/{y}.png ' })).toBe('https://tiles.example/{z}/{x}/{y}.png');
  });
});

describe('map field', () => {
  const input = (testId: string) => {
    const el = screen.getByTestId(testId);
    return (el.tagName === 'INPUT' ? el : el.querySelector('input')) as HTMLInputElement;
  };

  it('the inputs set the value once both are typed, clamped and with 6 decimals; the map mounts', async () => {
    stubApi([]);
    const f = field('map', 41, 'F_Pos', { zoom: 30 } as never);
    renderWithApp(<FieldHost component={MapField} field={f} form={fakeForm({ data: [f] })} />);
    expect(await screen.findByTestId('leaflet-map')).toBeTruthy();
    fireEvent.change(input('map-41-lng'), { target: { value: '250' } });
    fireEvent.blur(input('map-41-lng'));
    expect(screen.getByTestId('value-F_Pos').textContent).toBe('');
    fireEvent.change(input('map-41-lat'), { target: { value: '30.1234567' } });
    fireEvent.blur(input('map-41-lat'));
    await waitFor(() => expect(screen.getByTestId('value-F_Pos').textContent).toBe('180.000000,30.123457'));
    // Emptying one input empties the value but keeps the other input for retyping.
    fireEvent.change(input('map-41-lng'), { target: { value: '' } });
    await waitFor(() => expect(screen.getByTestId('value-F_Pos').textContent).toBe(''));
    expect(input('map-41-lat').value).toBe('30.123457');
    fireEvent.change(input('map-41-lng'), { target: { value: '-75.5' } });
    await waitFor(() => expect(screen.getByTestId('value-F_Pos').textContent).toBe('-75.500000,30.123457'));
  });

  it('shows a stored value; read-only disables the inputs', async () => {
    stubApi([]);
    const f = field('map', 42, 'F_Pos');
    renderWithApp(<FieldHost component={MapField} field={f} form={fakeForm({ data: [f] }, { values: { F_Pos: '121.473701,31.230416' } })} disabled />);
    expect(await screen.findByTestId('leaflet-map')).toBeTruthy();
    expect(input('map-42-lng').value).toBe('121.473701');
    expect(input('map-42-lat').value).toBe('31.230416');
    expect(input('map-42-lng').disabled).toBe(true);
    // A marker is on the map for the stored point.
    await waitFor(() => expect(screen.getByTestId('leaflet-map').querySelector('.leaflet-marker-icon')).toBeTruthy());
  });
});
