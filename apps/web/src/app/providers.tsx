import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { SlotsContext, type AppSlots } from '../components/slots';
import { FeedbackProvider } from '../components/feedback';
import { ThemeChoiceContext } from '../components/common/theme-choice';
import { THEME_KEY, themeFor, storedThemeName, type ThemeName } from './theme';

const NO_SLOTS: AppSlots = { dashboardWidgets: {} };

export const createQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false } } });

/** Query cache, theme (remembered), slots and feedback, mounted once. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  const [name, setNameState] = useState<ThemeName>(storedThemeName);
  // The slots (dashboard panels, the Sign Up view) come from every feature: loaded when a screen
  // first asks for them (useSlots), so a public page never carries the staff screens' code.
  const [slots, setSlots] = useState<AppSlots | null>(null);
  const loading = useRef(false);
  const load = useCallback(() => {
    if (loading.current) return;
    loading.current = true;
    void import('./slots').then((m) => setSlots(m.appSlots));
  }, []);
  const slotsState = useMemo(() => ({ slots: slots ?? NO_SLOTS, loaded: slots !== null, load }), [slots, load]);
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
        <ThemeProvider theme={themeFor(name)}>
          <CssBaseline />
          <SlotsContext.Provider value={slotsState}>
            <FeedbackProvider>{children}</FeedbackProvider>
          </SlotsContext.Provider>
        </ThemeProvider>
      </ThemeChoiceContext.Provider>
    </QueryClientProvider>
  );
}
