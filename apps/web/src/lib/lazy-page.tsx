import { isValidElement, lazy, useState, type ComponentType, type ReactNode } from 'react';

type Preloadable = { preload: () => Promise<void> };

/**
 * A page whose code loads on demand, like React.lazy, that can also be loaded ahead (preload).
 * Once its code is there it renders at once, without suspending: the first page of a visit is
 * loaded before the app's first render (preloadFirstPage), so the app replaces index.html's first
 * paint with the page itself, never with the loading bar in between.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> & Preloadable {
  let Loaded: ComponentType<P> | null = null;
  let pending: Promise<void> | null = null;
  const preload = () =>
    (pending ??= load().then(
      (component) => void (Loaded = component),
      (e: unknown) => {
        pending = null; // a failed load (network) is tried again on the next render
        throw e;
      },
    ));
  const Lazy = lazy(() => preload().then(() => ({ default: Loaded! })));
  function Page(props: P) {
    // chosen once per mount: switching from Lazy to Loaded later would mount the page again
    const [Component] = useState(() => Loaded ?? (Lazy as unknown as ComponentType<P>));
    return <Component {...props} />;
  }
  return Object.assign(Page, { preload });
}

/** Loads the code of the pages the router matched for the first address (those made with lazyPage). */
export function preloadFirstPage(matches: ReadonlyArray<{ route: { element?: ReactNode } }>): Promise<unknown> {
  const pages = matches.flatMap(({ route }) => {
    const type = isValidElement(route.element) ? (route.element.type as Partial<Preloadable>) : null;
    return type && typeof type.preload === 'function' ? [type.preload()] : [];
  });
  // a page that fails to load here shows the usual loading bar and error handling when rendered
  return Promise.allSettled(pages);
}
