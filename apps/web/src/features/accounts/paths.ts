/** The accounts office's pages (the dashboards link here by these same paths). */
export const ACCOUNTS_PATHS = {
  counter: '/app/accounts/counter',
  concessions: '/app/accounts/concessions',
  vendors: '/app/accounts/vendors',
  reports: '/app/accounts/reports',
  setup: '/app/accounts/setup',
  myFees: '/app/accounts/my-fees',
} as const;
