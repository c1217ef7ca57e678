/**
 * Web routes that more than one feature links to (menus, dashboards, redirects). Legacy paths
 * keep their spaces and capitals: they are part of the spec.
 */
export const PATHS = {
  home: '/',
  login: (module: string) => `/login/${module}`,
  register: '/register',
  appHome: '/app',
  resetPassword: '/app/reset Password',
  // Admissions
  admissionForm: '/admissionForm',
  admissionFormSmsk: '/AdmissionFormForSmsk',
  studentAdmissionForm: '/app/Admission/Student Admission Form',
  admissionApplications: '/app/Admission/Applications',
  onlineApplications: '/app/Admission/Online Applications',
  applyOnline: '/apply',
  applicationStatus: '/apply/status',
  // Results
  examResults: '/examresults',
  resultsFor: (title: string) => `/results/${encodeURIComponent(title)}`,
  verifyMemo: (code: string) => `/verify/${encodeURIComponent(code)}`,
  resultsEntry: '/app/Examinations/Results Entry',
  // Payments
  paymentStatus: '/lyra/payment/status',
  transactions: '/app/Accounts/Transactions',
  // Alumni, logins, tools
  alumniRegistration: '/app/Alumni/Registration Form',
  alumniHistory: '/AlumniHistory',
  createLogins: '/createLogins',
  decryptTool: '/app/Admin/Decrypt Tool',
  pendingRegistrations: '/app/Admin/Pending Registrations',
  // Faculty
  facultyDashboard: '/app/Faculty/Dashboard',
  facultyAchievements: '/app/Faculty/Achievements',
  facultyPublications: '/app/Faculty/Publications',
  // Transport
  transportVehicles: '/app/Transport/Vehicles',
  transportRoutes: '/app/Transport/Routes',
  transportPasses: '/app/Transport/Passes',
  transportExpenses: '/app/Transport/Expenses',
  transportReports: '/app/Transport/Reports',
} as const;
