import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { PATHS } from '@erp/shared';
import { AppLayout, RequireSession } from '../../components/layout';

const PaymentStatusPage = lazy(() => import('./PaymentStatusPage').then((m) => ({ default: m.PaymentStatusPage })));
const TransactionsPage = lazy(() => import('./TransactionsPage').then((m) => ({ default: m.TransactionsPage })));

export const routes: RouteObject[] = [
  // Public: the gateway sends the payer here, signed in or not; the server checks the signature.
  { path: PATHS.paymentStatus, element: <PaymentStatusPage /> },
  {
    path: PATHS.transactions,
    element: (
      <RequireSession>
        <AppLayout>
          <TransactionsPage />
        </AppLayout>
      </RequireSession>
    ),
  },
];
