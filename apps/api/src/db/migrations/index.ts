import type { Migration, MigrationProvider } from 'kysely';
import * as m001 from './001_core.js';
import * as m002 from './002_admissions.js';
import * as m003 from './003_results.js';
import * as m004 from './004_alumni.js';
import * as m005 from './005_payments.js';
import * as m006 from './006_faculty.js';
import * as m007 from './007_token_version.js';
import * as m008 from './008_shared_services.js';
import * as m009 from './009_rate_limits.js';
import * as m009w from './009_work_queue.js';
import * as m010 from './010_academic.js';
import * as m020 from './020_library.js';
import * as m030 from './030_hostel.js';
import * as m031 from './031_transport.js';
import * as m040 from './040_accounts.js';
import * as m050 from './050_grievances_placements.js';
import * as m051 from './051_academic_more.js';
import * as m060 from './060_portals.js';
import * as m061 from './061_notifications.js';
import * as m070 from './070_obe.js';
import * as m071 from './071_naac_nirf.js';
import * as m072 from './072_library_search.js';
import * as m080 from './080_online_applications.js';
import * as m081 from './081_alumni_contact_optin.js';
import * as m082 from './082_campus_extras.js';
import * as m084 from './084_obe_year_lock.js';
import * as m086 from './086_library_overrides_fines.js';
import * as m087 from './087_library_catalogue_version.js';
import * as m088 from './088_section_roll_index.js';
import * as m089 from './089_leave_backups_class_index.js';
import * as m090 from './090_drop_attendance_marks_student_index.js';
import * as m091 from './091_attendance_totals_by_class.js';
import * as m092 from './092_revoked_tokens.js';
import * as m093 from './093_excess_credits_confidential_mail.js';
import * as m094 from './094_library_fine_rounding_cap.js';
import * as m095 from './095_waitlist_school_marks.js';
import * as m096 from './096_library_search_weights.js';
import * as m097 from './097_office_decisions.js';
import * as m098 from './098_bill_taxes_invoice.js';
import * as m099 from './099_order_lines.js';
import * as m100 from './100_leaving_policy.js';
import * as m101 from './101_refunds.js';
import * as m102 from './102_exam_cell.js';
import * as m103 from './103_admission_intakes.js';
import * as m104 from './104_weekly_summary.js';
import * as m105 from './105_outbox_attachments.js';
import * as m106 from './106_exam_results.js';
import * as m107 from './107_exam_result_columns.js';

/**
 * Listed by hand so the bundled server carries its migrations; names sort in run order.
 * A change to the schema is a new file here, never an edit of one that has shipped.
 */
const migrations: Record<string, Migration> = {
  '001_core': m001,
  '002_admissions': m002,
  '003_results': m003,
  '004_alumni': m004,
  '005_payments': m005,
  '006_faculty': m006,
  '007_token_version': m007,
  '008_shared_services': m008,
  '009_rate_limits': m009,
  '009_work_queue': m009w,
  '010_academic': m010,
  '020_library': m020,
  '030_hostel': m030,
  '031_transport': m031,
  '040_accounts': m040,
  '050_grievances_placements': m050,
  '051_academic_more': m051,
  '060_portals': m060,
  '061_notifications': m061,
  '070_obe': m070,
  '071_naac_nirf': m071,
  '072_library_search': m072,
  '080_online_applications': m080,
  '081_alumni_contact_optin': m081,
  '082_campus_extras': m082,
  '084_obe_year_lock': m084,
  '086_library_overrides_fines': m086,
  '087_library_catalogue_version': m087,
  '088_section_roll_index': m088,
  '089_leave_backups_class_index': m089,
  '090_drop_attendance_marks_student_index': m090,
  '091_attendance_totals_by_class': m091,
  '092_revoked_tokens': m092,
  '093_excess_credits_confidential_mail': m093,
  '094_library_fine_rounding_cap': m094,
  '095_waitlist_school_marks': m095,
  '096_library_search_weights': m096,
  '097_office_decisions': m097,
  '098_bill_taxes_invoice': m098,
  '099_order_lines': m099,
  '100_leaving_policy': m100,
  '101_refunds': m101,
  '102_exam_cell': m102,
  '103_admission_intakes': m103,
  '104_weekly_summary': m104,
  '105_outbox_attachments': m105,
  '106_exam_results': m106,
  '107_exam_result_columns': m107,
};

export const migrationProvider: MigrationProvider = { getMigrations: async () => migrations };
