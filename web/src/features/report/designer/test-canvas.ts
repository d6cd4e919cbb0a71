/**
 * Tests only: jsdom has no canvas and no innerText (the grid's cell editor reads it). installGridSupport gives
 * both; the grid then runs in the tests, driven through its API and its keyboard.
 */
export function installGridSupport(): void {
  installCanvasStub();
  if (!Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'innerText')?.get) {
    Object.defineProperty(HTMLElement.prototype, 'innerText', {
      configurable: true,
      get(this: HTMLElement) {
        return this.textContent ?? '';
      },
      set(this: HTMLElement, v: string) {
        this.textContent = v;
      },
    });
  }
}

/**
 * jsdom has no canvas. The grid draws on one; this gives every canvas a 2D context that draws nothing
 * (measuring text by its length), so the real grid runs in the tests and is driven through its API.
 */
export function installCanvasStub(): void {
  const proto = HTMLCanvasElement.prototype as unknown as { getContext: unknown; __rdStub?: boolean };
  if (proto.__rdStub) return;
  proto.__rdStub = true;
  const noop = () => undefined;
  const make = (canvas: HTMLCanvasElement) => {
    const state: Record<string | symbol, unknown> = { canvas, font: '10px sans-serif', fillStyle: '#000', strokeStyle: '#000', lineWidth: 1 };
    return new Proxy(state, {
      get(target, key) {
        if (key in target) return target[key];
        if (key === 'measureText')
          return (text: string) => ({
            width: String(text).length * 7,
            actualBoundingBoxAscent: 8,
            actualBoundingBoxDescent: 2,
            fontBoundingBoxAscent: 9,
            fontBoundingBoxDescent: 3,
          });
        if (key === 'createLinearGradient' || key === 'createRadialGradient' || key === 'createPattern') return () => ({ addColorStop: noop });
        if (key === 'getImageData' || key === 'createImageData') return () => ({ data: new Uint8ClampedArray(4), width: 1, height: 1 });
        if (key === 'getLineDash') return () => [];
        if (key === 'getTransform') return () => ({ a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 });
        return noop;
      },
      set(target, key, value) {
        target[key] = value;
        return true;
      },
    });
  };
  const contexts = new WeakMap<HTMLCanvasElement, unknown>();
  proto.getContext = function (this: HTMLCanvasElement) {
    if (!contexts.has(this)) contexts.set(this, make(this));
    return contexts.get(this);
  };
}
