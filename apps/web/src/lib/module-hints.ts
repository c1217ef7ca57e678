/** The spec's tile hints: the sub-features of each module (home tiles and role dashboards). */
export const MODULE_HINTS = {
  Admin: ['Degree', 'Faculty', 'Course', 'Student', 'Activities', 'Leave Maintenance'],
  Faculty: ['Assigned Subjects', 'Attendance Sheet', 'Apply Leave', 'Approve as Backup'],
  Accounts: ['Fee Collection', 'Vendor Payment', 'Scholarship and Waiver', 'Transaction History'],
  Library: ['Books', 'Allowances', 'Issue/Return', 'Waiting List', 'Barcodes', 'History'],
  Transport: ['Vehicle Details', 'Expenses'],
  Hostel: ['Buildings and Rooms', 'Registration', 'Room Transfer', 'Vacate'],
  Grievance: ['Check', 'Act'],
  Parent: ['Student Details', 'Profile'],
  IQAC: ['Login', 'NAAC', 'NIRF', 'OBE'],
  Results: ['Regular', 'Supply'],
  Placement: [] as string[],
} as const;
export type ModuleName = keyof typeof MODULE_HINTS;
