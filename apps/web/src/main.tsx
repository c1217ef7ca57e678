import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './app/router';
import { AppProviders, createQueryClient } from './app/providers';
import { preloadFirstPage } from './lib/lazy-page';

const root = createRoot(document.getElementById('root')!);
// Start-up in short tasks, so the page answers input between them: the scripts' own evaluation
// (this task), then the router (matching the address against every route), then the first render.
// The first page's code is loaded before that render: index.html's first paint (or loading shell)
// stays until the page itself replaces it. The render is a transition: React renders it in short
// slices, instead of one long task.
setTimeout(() => {
  const router = createAppRouter();
  void preloadFirstPage(router.state.matches).then(() =>
    startTransition(() =>
      root.render(
        <StrictMode>
          <AppProviders queryClient={createQueryClient()}>
            <RouterProvider router={router} />
          </AppProviders>
        </StrictMode>,
      ),
    ),
  );
}, 0);
