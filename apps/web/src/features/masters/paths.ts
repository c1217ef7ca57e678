/** This feature's screens: kept apart from api.ts so the route table doesn't load the API code. */
export const MASTERS_PATHS = {
  masters: '/app/Academics/Masters',
  timetable: '/app/Academics/Timetable',
  calendar: '/app/Academics/Calendar',
  students: '/app/Academics/Students',
} as const;
