import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './app/router';
import { AppProviders, createQueryClient } from './app/providers';
import { preloadFirstPage } from './lib/lazy-page';
import { appConfigQuery, logoQuery } from './lib/college';

const root = createRoot(document.getElementById('root')!);
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

// Start-up in short tasks, so the page answers input between them: the scripts' own evaluation
// (this task), the calls every page's header needs (the college's config and logo), the router
// (matching the address against every route), the first page's code and data, then the first
// render. index.html's first paint (or loading shell) stays until the page itself replaces it.
// The render is a transition: React renders it in short slices, instead of one long task.
async function start() {
  await nextTask();
  const queryClient = createQueryClient();
  const shell = [queryClient.prefetchQuery(appConfigQuery), queryClient.prefetchQuery(logoQuery)];
  await nextTask();
  const router = createAppRouter();
  await nextTask();
  await preloadFirstPage(router.state.matches, queryClient, shell);
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    ),
  );
}
void start();
