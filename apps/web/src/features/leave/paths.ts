/** This feature's screens: kept apart from api.ts so the route table doesn't load the API code. */
export const LEAVE_PATHS = { leave: '/app/Leave', maintenance: '/app/Leave/Maintenance' } as const;
