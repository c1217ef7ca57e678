import { lazy, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { NOTIFICATION_PATHS, OUTBOX_ROLES } from '@erp/shared';
import { AppLayout, RequireSession } from '../../components/layout';
import { Authorized, type AllowedRoles } from '../../lib/authorization';

const NotificationSettingsPage = lazy(() => import('./NotificationSettingsPage').then((m) => ({ default: m.NotificationSettingsPage })));
const NotificationsPage = lazy(() => import('./NotificationsPage').then((m) => ({ default: m.NotificationsPage })));
const OutboxPage = lazy(() => import('./OutboxPage').then((m) => ({ default: m.OutboxPage })));

const guarded = (page: ReactNode, roles?: AllowedRoles) => (
  <RequireSession>
    <AppLayout>{roles ? <Authorized roles={roles}>{page}</Authorized> : page}</AppLayout>
  </RequireSession>
);

export const routes: RouteObject[] = [
  { path: NOTIFICATION_PATHS.inbox, element: guarded(<NotificationsPage />) },
  { path: NOTIFICATION_PATHS.settings, element: guarded(<NotificationSettingsPage />) },
  { path: NOTIFICATION_PATHS.outbox, element: guarded(<OutboxPage />, OUTBOX_ROLES) },
];
