import { lazy, Suspense, type ComponentProps } from 'react';
import { PageLoading } from '../common/PageLoading';

const Layout = lazy(() => import('./AppLayout').then((m) => ({ default: m.AppLayout })));

/** The signed-in frame, loaded with the first signed-in page: public pages don't carry it. */
export function AppLayout(props: ComponentProps<typeof Layout>) {
  return (
    <Suspense fallback={<PageLoading />}>
      <Layout {...props} />
    </Suspense>
  );
}
