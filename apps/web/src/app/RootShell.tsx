import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoading, useTitleFromHeading } from '../components/common';

/** Around every route: the loading bar while a page's code arrives, and the page's own <title>. */
export function RootShell() {
  useTitleFromHeading();
  return (
    <Suspense fallback={<PageLoading />}>
      <Outlet />
    </Suspense>
  );
}
