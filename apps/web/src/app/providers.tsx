import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { SlotsContext, type AppSlots } from '../components/slots';
import { FeedbackProvider } from '../components/feedback';
import { ThemeChoiceContext } from '../components/common/theme-choice';
import { THEMES, THEME_KEY, storedThemeName, type ThemeName } from './theme';

export const createQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false } } });

/** Query cache, theme (remembered), slots and feedback, mounted once. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  const [name, setNameState] = useState<ThemeName>(storedThemeName);
  // The slots (dashboard panels, the Sign Up view) come from every feature: loaded after the first
  // paint so a public page does not wait for the staff screens' code.
  const [slots, setSlots] = useState<AppSlots>({ dashboardWidgets: {} });
  useEffect(() => {
    let live = true;
    void import('./slots').then((m) => live && setSlots(m.appSlots));
    return () => {
      live = false;
    };
  }, []);
  const choice = useMemo(
    () => ({
      name,
      setName: (n: ThemeName) => {
        localStorage.setItem(THEME_KEY, n);
        setNameState(n);
      },
    }),
    [name],
  );
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeChoiceContext.Provider value={choice}>
        <ThemeProvider theme={THEMES[name]}>
          <CssBaseline />
          <SlotsContext.Provider value={slots}>
            <FeedbackProvider>{children}</FeedbackProvider>
          </SlotsContext.Provider>
        </ThemeProvider>
      </ThemeChoiceContext.Provider>
    </QueryClientProvider>
  );
}
