import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { SlotsContext } from './components/slots';
import { createAppRouter } from './app/router';
import { appSlots } from './app/slots';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, staleTime: 30_000 } } });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <SlotsContext.Provider value={appSlots}>
        <RouterProvider router={createAppRouter()} />
      </SlotsContext.Provider>
    </QueryClientProvider>
  </StrictMode>,
);
