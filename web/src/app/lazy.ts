import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Spec 9: chunk load time-out. */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

export function withTimeout<T>(load: () => Promise<T>, ms = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const id = setTimeout(() => reject(new ChunkLoadError(`Loading chunk timed out after ${ms} ms`)), ms);
    load().then(
      (v) => {
        clearTimeout(id);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(id);
        reject(new ChunkLoadError(e instanceof Error ? e.message : String(e)));
      },
    );
  });
}

/** React.lazy for a module whose default export is the page. */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => withTimeout(load));
}
