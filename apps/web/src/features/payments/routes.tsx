import type { RouteObject } from 'react-router';
import { PATHS } from '@erp/shared';
import { AppLayout, RequireSession } from '../../components/layout';
import { PaymentStatusPage } from './PaymentStatusPage';
import { TransactionsPage } from './TransactionsPage';

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
