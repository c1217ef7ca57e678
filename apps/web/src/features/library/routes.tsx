import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { LIBRARY_PATHS } from '@erp/shared';
import { AppLayout, RequireSession } from '../../components/layout';

const DeskPage = lazy(() => import('./DeskPage').then((m) => ({ default: m.DeskPage })));
const CataloguePage = lazy(() => import('./CataloguePage').then((m) => ({ default: m.CataloguePage })));
const RulesPage = lazy(() => import('./RulesPage').then((m) => ({ default: m.RulesPage })));
const HoldsPage = lazy(() => import('./HoldsPage').then((m) => ({ default: m.HoldsPage })));
const LabelsPage = lazy(() => import('./LabelsPage').then((m) => ({ default: m.LabelsPage })));
const HistoryPage = lazy(() => import('./HistoryPage').then((m) => ({ default: m.HistoryPage })));
const OverridesPage = lazy(() => import('./OverridesPage').then((m) => ({ default: m.OverridesPage })));
const ViewBooksPage = lazy(() => import('./OpacPage').then((m) => ({ default: m.ViewBooksPage })));
const PublicOpacPage = lazy(() => import('./OpacPage').then((m) => ({ default: m.PublicOpacPage })));
const OpacTitlePage = lazy(() => import('./OpacTitlePage').then((m) => ({ default: m.OpacTitlePage })));
const MyLibraryPage = lazy(() => import('./MyLibraryPage').then((m) => ({ default: m.MyLibraryPage })));

const guarded = (page: ReactNode) => (
  <RequireSession>
    <AppLayout>
      <Suspense fallback={null}>{page}</Suspense>
    </AppLayout>
  </RequireSession>
);

export const routes: RouteObject[] = [
  {
    path: LIBRARY_PATHS.opac,
    element: (
      <Suspense fallback={null}>
        <PublicOpacPage />
      </Suspense>
    ),
  },
  {
    path: LIBRARY_PATHS.opacTitle(':id'),
    element: (
      <Suspense fallback={null}>
        <OpacTitlePage />
      </Suspense>
    ),
  },
  { path: LIBRARY_PATHS.desk, element: guarded(<DeskPage />) },
  { path: LIBRARY_PATHS.books, element: guarded(<CataloguePage />) },
  { path: LIBRARY_PATHS.allowances, element: guarded(<RulesPage />) },
  { path: LIBRARY_PATHS.waitingList, element: guarded(<HoldsPage />) },
  { path: LIBRARY_PATHS.barcodes, element: guarded(<LabelsPage />) },
  { path: LIBRARY_PATHS.history, element: guarded(<HistoryPage />) },
  { path: LIBRARY_PATHS.overrides, element: guarded(<OverridesPage />) },
  { path: LIBRARY_PATHS.viewBooks, element: guarded(<ViewBooksPage />) },
  { path: LIBRARY_PATHS.myLibrary, element: guarded(<MyLibraryPage />) },
];
