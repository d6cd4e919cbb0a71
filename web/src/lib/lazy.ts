import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadTexts } from './i18n';

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

// The same constraint as React.lazy's: any component, whatever its props.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

/** A lazily loaded component that can also be fetched ahead of its first render. */
export type LazyWithTexts<T extends AnyComponent = ComponentType> = LazyExoticComponent<T> & { preload: () => Promise<unknown> };

/**
 * React.lazy for a module whose default export is a page, screen or dialog, fetched together with the locale
 * namespaces it speaks (current language only), so that it never renders with raw keys nor suspends again for its
 * texts. `namespaces` lists every namespace its module and everything it imports use, beyond those bundled with the
 * sign-in screen; screen-texts.test.ts checks the lists against the source.
 */
export function lazyWithTexts<T extends AnyComponent>(load: () => Promise<{ default: T }>, namespaces: readonly string[] = []): LazyWithTexts<T> {
  const loadWithTexts = () =>
    withTimeout(async () => {
      const [module] = await Promise.all([load(), loadTexts(namespaces)]);
      return module;
    });
  return Object.assign(lazy(loadWithTexts), { preload: loadWithTexts });
}
