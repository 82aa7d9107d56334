import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

type Preloadable<Props> = LazyExoticComponent<ComponentType<Props>> & { preload: () => void };

/**
 * A component loaded on first render (inside a Suspense) whose chunk can also be fetched ahead,
 * e.g. when the pointer rests on or focus reaches the button that will show it. Keeps dialogs and
 * their Radix code out of the home page's entry chunk.
 */
export function lazyWithPreload<Props, Name extends string>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
): Preloadable<Props> {
  const component = lazy(() => load().then((module) => ({ default: module[name] })));
  // The module loader caches the import: later calls cost nothing. A failed prefetch is retried on render.
  return Object.assign(component, { preload: () => void load().catch(() => {}) });
}
