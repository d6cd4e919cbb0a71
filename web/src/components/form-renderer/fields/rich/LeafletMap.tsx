import { useEffect, useRef } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { tileUrl, wrapLng, type LngLat } from './map-logic';

export interface LeafletMapProps {
  center: LngLat;
  marker: LngLat | null;
  zoom: number;
  disabled: boolean;
  onPick(point: LngLat): void;
  height?: number;
}

// Leaflet guesses its marker images from the CSS path, which a bundler rewrites: give it the bundled files.
const icon = L.icon({ iconUrl, iconRetinaUrl, shadowUrl, iconSize: [25, 41], iconAnchor: [12, 41], popupAnchor: [1, -34], shadowSize: [41, 41] });

/** The Leaflet map of a map field (loaded lazily with it). A click or a marker drag picks the point unless read-only. */
export default function LeafletMap({ center, marker, zoom, disabled, onPick, height = 300 }: LeafletMapProps) {
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const pin = useRef<L.Marker | null>(null);
  // Handlers are bound once; they read the latest props through refs.
  const latest = useRef({ disabled, onPick });
  latest.current = { disabled, onPick };

  useEffect(() => {
    if (!box.current) return;
    const m = L.map(box.current, { center: [center.lat, center.lng], zoom, worldCopyJump: true });
    L.tileLayer(tileUrl(), { maxZoom: 19, attribution: '&copy; OpenStreetMap' }).addTo(m);
    m.on('click', (e: L.LeafletMouseEvent) => {
      if (!latest.current.disabled) latest.current.onPick({ lng: wrapLng(e.latlng.lng), lat: e.latlng.lat });
    });
    map.current = m;
    return () => {
      m.remove();
      map.current = null;
      pin.current = null;
    };
    // The map is made once; later center / zoom changes are applied below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const m = map.current;
    if (!m) return;
    if (!marker) {
      pin.current?.remove();
      pin.current = null;
      return;
    }
    if (!pin.current) {
      const p = L.marker([marker.lat, marker.lng], { icon, draggable: !disabled }).addTo(m);
      p.on('dragend', () => {
        const at = p.getLatLng();
        if (!latest.current.disabled) latest.current.onPick({ lng: wrapLng(at.lng), lat: at.lat });
      });
      pin.current = p;
    } else {
      pin.current.setLatLng([marker.lat, marker.lng]);
    }
    if (disabled) pin.current.dragging?.disable();
    else pin.current.dragging?.enable();
  }, [marker?.lng, marker?.lat, disabled]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    map.current?.setZoom(zoom);
  }, [zoom]);

  // A point typed into the inputs is brought into view; a click inside the view does not move the map.
  useEffect(() => {
    const m = map.current;
    if (m && !m.getBounds().contains([center.lat, center.lng])) m.panTo([center.lat, center.lng]);
  }, [center.lat, center.lng]);

  return <div ref={box} data-testid="leaflet-map" style={{ height, width: '100%' }} />;
}
