import { useState, type MouseEvent } from 'react';

const PANEL_MIN = 280;
const PANEL_MAX = 720;

/** The properties panel beside the canvas: folded or open, and its width (dragged by the handle). */
export function usePanelLayout() {
  const [panelOpen, setPanelOpen] = useState(true);
  const [panelWidth, setPanelWidth] = useState(380);

  const dragPanel = (e: MouseEvent) => {
    e.preventDefault();
    const startX = e.clientX;
    const startW = panelWidth;
    const move = (ev: globalThis.MouseEvent) => setPanelWidth(Math.min(PANEL_MAX, Math.max(PANEL_MIN, startW - (ev.clientX - startX))));
    const up = () => {
      window.removeEventListener('mousemove', move);
      window.removeEventListener('mouseup', up);
    };
    window.addEventListener('mousemove', move);
    window.addEventListener('mouseup', up);
  };

  return { panelOpen, setPanelOpen, panelWidth, dragPanel };
}
