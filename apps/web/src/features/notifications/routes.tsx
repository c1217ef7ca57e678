import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { NOTIFICATION_PATHS, OUTBOX_ROLES } from '@erp/shared';
import { AppLayout, RequireSession } from '../../components/layout';
import { Authorized, type AllowedRoles } from '../../lib/authorization';
import { NotificationSettingsPage } from './NotificationSettingsPage';
import { NotificationsPage } from './NotificationsPage';
import { OutboxPage } from './OutboxPage';

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
