import { insertChunked, type SeedContext } from './context.js';
import * as D from './data.js';

const COMPANIES = [
  'Infosys',
  'Tata Consultancy Services',
  'Wipro',
  'Accenture',
  'Cognizant',
  'HCLTech',
  'Tech Mahindra',
  'Capgemini',
  'Deloitte',
  'Amazon',
];
const DESIGNATIONS = [
  'Software Engineer',
  'Systems Engineer',
  'Associate Consultant',
  'Design Engineer',
  'Site Engineer',
  'Data Analyst',
];
const CITIES = ['Hyderabad', 'Bengaluru', 'Chennai', 'Pune', 'Tirupati', 'Visakhapatnam'];
const INSTITUTES: Array<[string, string]> = [
  ['IIT Madras', 'Chennai'],
  ['NIT Warangal', 'Warangal'],
  ['University of Hyderabad', 'Hyderabad'],
  ['IIIT Hyderabad', 'Hyderabad'],
  ['Arizona State University', 'Tempe, USA'],
  ['University of Texas at Dallas', 'Dallas, USA'],
];
const PG_COURSES = ['M.Tech', 'MS', 'MBA'];

/**
 * Alumni registrations and history records (alumni feature): main college, B.Tech batches
 * 2016-2020 to 2019-2023, a mix of working and studying. Roll numbers follow the students' pattern.
 */
export async function seedAlumni(ctx: SeedContext): Promise<void> {
  const rand = D.prng(41);
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)];
  const history: Array<Record<string, unknown>> = [];
  const registrations: Array<Record<string, unknown>> = [];
  for (const start of [2016, 2017, 2018, 2019]) {
    const batch = `${start}-${start + 4}`;
    for (const [branch, code] of Object.entries(D.BRANCH_CODES)) {
      for (let n = 1; n <= 2; n++) {
        const female = rand() < 0.45;
        const surname = pick(D.SURNAMES);
        const name = `${pick(female ? D.FEMALE_NAMES : D.MALE_NAMES)} ${surname}`;
        const rollNumber = `${String(start).slice(2)}A91A${code}${String(n + 10).padStart(2, '0')}`;
        const email = `${name.split(' ')[0].toLowerCase()}.${surname.toLowerCase()}${start % 100}${code}${n}@example.com`;
        const mobile = `9${Math.floor(100000000 + rand() * 899999999)}`;
        const working = rand() < 0.7;
        const [institute, instituteCity] = pick(INSTITUTES);
        const city = pick(CITIES);
        history.push({
          college_id: ctx.main.id,
          status: working ? 'working' : 'studying',
          roll_number: rollNumber,
          name,
          branch,
          batch,
          student_mobile: mobile,
          student_email: email,
          course: 'B.Tech',
          father_name: `${pick(D.MALE_NAMES)} ${surname}`,
          section: n === 1 ? 'A' : 'B',
          company: working ? pick(COMPANIES) : '',
          packages: working ? `${(3.5 + Math.floor(rand() * 16) * 0.5).toFixed(1)} LPA` : '',
          designation: working ? pick(DESIGNATIONS) : '',
          experience: working ? `${Math.max(0, new Date(ctx.now).getFullYear() - (start + 4))} years` : '',
          location: working ? city : instituteCity,
          institute_name: working ? '' : institute,
          photo_path: null,
          certificate_path: null,
          // Some chose to show their phone and email to other alumni in the directory.
          share_contact: n === 1 && start % 2 === 0 ? 1 : 0,
          created_at: ctx.now,
        });
        // The first of each pair also filled the registration form.
        if (n === 1) {
          const company = working ? pick(COMPANIES) : '';
          registrations.push({
            college_id: ctx.main.id,
            name,
            course: 'UG',
            roll_number: rollNumber,
            batch,
            mobile_number: mobile,
            email,
            working: working ? 'yes' : 'no',
            company_name: company,
            job_title: working ? pick(DESIGNATIONS) : '',
            work_address: working ? `${company}, ${city}` : '',
            institute_name: working ? '' : institute,
            course_name: working ? '' : pick(PG_COURSES),
            edu_address: working ? '' : instituteCity,
            branch,
            degree: 'B.Tech',
            file_path: null,
            created_at: ctx.now,
          });
        }
      }
    }
  }
  await insertChunked(ctx.db, 'alumni_history', history);
  await insertChunked(ctx.db, 'alumni', registrations);
}
