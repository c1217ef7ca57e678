import { isValidElement, lazy, useState, type ComponentType, type ReactNode } from 'react';
import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';

// any: each page's queries have their own data types
type PageQuery = FetchQueryOptions<any, any, any, any>;
type Preloadable = { preload: () => Promise<void>; data: readonly PageQuery[] };

/**
 * A page whose code loads on demand, like React.lazy, that can also be loaded ahead (preload).
 * Once its code is there it renders at once, without suspending: the first page of a visit is
 * loaded before the app's first render (preloadFirstPage), so the app replaces index.html's first
 * paint with the page itself, never with the loading bar in between.
 *
 * `data`: the queries the page asks for as it first renders. For the first page they are started
 * with its code: the page then renders with its data or with the calls already under way, instead
 * of starting them after its first render and rendering again (a long task on a slow phone).
 */
export function lazyPage<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { data = [] }: { data?: readonly PageQuery[] } = {},
): ComponentType<P> & Preloadable {
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
  return Object.assign(Page, { preload, data });
}

/** How long the first render waits for the first page's data once its code is in. */
export const FIRST_DATA_WAIT_MS = 500;

/**
 * Loads the code of the pages the router matched for the first address (those made with lazyPage)
 * and starts the queries they declared. Settles when the code is in and the queries (with `alsoWait`,
 * the shell's own) have answered, or FIRST_DATA_WAIT_MS after the code if they have not: data that
 * arrives while React renders the first page makes React render it all again at once (one long
 * task on a slow phone), so the first render starts with it.
 */
export async function preloadFirstPage(
  matches: ReadonlyArray<{ route: { element?: ReactNode } }>,
  queryClient: QueryClient,
  alsoWait: ReadonlyArray<Promise<unknown>> = [],
): Promise<void> {
  const data: Promise<unknown>[] = [...alsoWait];
  const pages = matches.flatMap(({ route }) => {
    const type = isValidElement(route.element) ? (route.element.type as Partial<Preloadable>) : null;
    if (!type || typeof type.preload !== 'function') return [];
    // a failed query is the page's to show (its error state), as when it starts the call itself
    for (const query of type.data ?? []) data.push(queryClient.prefetchQuery(query));
    return [type.preload()];
  });
  // a page that fails to load here shows the usual loading bar and error handling when rendered
  await Promise.allSettled(pages);
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([Promise.allSettled(data), new Promise((r) => (timer = setTimeout(r, FIRST_DATA_WAIT_MS)))]);
  clearTimeout(timer);
}
