import { createContext, useContext } from 'react';

/**
 * Counts the parts of a page still drawing (codes, charts: their libraries load lazily), so that the print view
 * marks itself ready, and the browser's print dialog opens, only once everything is drawn.
 */
export class ReadyTracker {
  private pending = 0;
  private waiting: (() => void)[] = [];

  /** A part starts drawing; call the answer when it is drawn (or failed). Calling it again does nothing. */
  begin(): () => void {
    this.pending++;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.pending--;
      if (this.pending === 0) {
        const waiting = this.waiting;
        this.waiting = [];
        waiting.forEach((resolve) => resolve());
      }
    };
  }

  /** Resolves when nothing is drawing any more. */
  idle(): Promise<void> {
    if (this.pending === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }
}

export const ReadyContext = createContext<ReadyTracker | null>(null);
export const useReadyTracker = () => useContext(ReadyContext);

/** A picture that neither loads nor fails within this time is printed as the browser has it. */
const IMAGE_WAIT_MS = 10_000;

/** Resolves when every image inside `root` has loaded or failed. */
export function imagesSettled(root: ParentNode): Promise<void> {
  const waiting = Array.from(root.querySelectorAll('img')).filter((img) => !img.complete);
  if (waiting.length === 0) return Promise.resolve();
  const all = Promise.all(
    waiting.map(
      (img) =>
        new Promise<void>((resolve) => {
          img.addEventListener('load', () => resolve(), { once: true });
          img.addEventListener('error', () => resolve(), { once: true });
        }),
    ),
  );
  return Promise.race([all.then(() => undefined), new Promise<void>((resolve) => setTimeout(resolve, IMAGE_WAIT_MS))]);
}

/** The next paint (twice: the frame after the one that drew the last change). */
export const nextPaint = () =>
  new Promise<void>((resolve) => {
    if (typeof requestAnimationFrame !== 'function') return setTimeout(resolve, 0);
    requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
  });
