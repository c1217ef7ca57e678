/** This feature's screens: kept apart from api.ts so the route table doesn't load the API code. */
export const ATTENDANCE_PATHS = {
  sheet: '/app/Attendance/Sheet',
  sheets: '/app/Attendance/Sheets',
  mine: '/app/Attendance/My Attendance',
  shortage: '/app/Attendance/Shortage',
} as const;
