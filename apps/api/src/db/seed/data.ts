/** Fixed demo data: deterministic, so tests and screenshots see the same college every time. */
export const MALE_NAMES = [
  'Aarav',
  'Vihaan',
  'Arjun',
  'Sai',
  'Rahul',
  'Karthik',
  'Rohit',
  'Venkat',
  'Srinivas',
  'Aditya',
  'Harsha',
  'Nikhil',
  'Pranav',
  'Ravi',
  'Suresh',
  'Teja',
  'Varun',
  'Yash',
  'Manoj',
  'Kiran',
  'Abhinav',
  'Charan',
  'Dinesh',
  'Ganesh',
  'Mahesh',
];
export const FEMALE_NAMES = [
  'Ananya',
  'Priya',
  'Divya',
  'Lakshmi',
  'Sravani',
  'Keerthi',
  'Meghana',
  'Pooja',
  'Swathi',
  'Harika',
  'Bhavana',
  'Sneha',
  'Aishwarya',
  'Deepika',
  'Kavya',
  'Nandini',
  'Ramya',
  'Sahithi',
  'Tejaswini',
  'Vaishnavi',
  'Anusha',
  'Geetha',
  'Jyothi',
  'Madhuri',
  'Navya',
];
export const SURNAMES = [
  'Reddy',
  'Rao',
  'Sharma',
  'Naidu',
  'Varma',
  'Chowdary',
  'Goud',
  'Kumar',
  'Iyer',
  'Patel',
  'Gupta',
  'Nair',
  'Pillai',
  'Yadav',
  'Singh',
  'Menon',
  'Prasad',
  'Murthy',
  'Shetty',
  'Das',
];

export const DEPARTMENTS: Array<[string, string]> = [
  ['CSE', 'Computer Science and Engineering'],
  ['ECE', 'Electronics and Communication Engineering'],
  ['EEE', 'Electrical and Electronics Engineering'],
  ['MECH', 'Mechanical Engineering'],
  ['CIVIL', 'Civil Engineering'],
  ['MBA', 'Master of Business Administration'],
];

/** Engineering branch codes as they appear in roll numbers (22A91A05xx is CSE). */
export const BRANCH_CODES: Record<string, string> = { CSE: '05', ECE: '04', EEE: '02', MECH: '03', CIVIL: '01' };

export const COURSES: Array<{ name: string; level: 'UG' | 'PG' | 'DIPLOMA'; years: number; branches: string[] }> = [
  { name: 'B.Tech', level: 'UG', years: 4, branches: ['CSE', 'ECE', 'EEE', 'MECH', 'CIVIL'] },
  { name: 'M.Tech', level: 'PG', years: 2, branches: ['CSE', 'ECE'] },
  { name: 'MBA', level: 'PG', years: 2, branches: ['MBA'] },
  { name: 'Diploma', level: 'DIPLOMA', years: 3, branches: ['CSE', 'ECE', 'MECH', 'CIVIL'] },
];

export const SEMESTER_NAMES = ['I-I', 'I-II', 'II-I', 'II-II', 'III-I', 'III-II', 'IV-I', 'IV-II'];
export const SEAT_TYPES: Array<[string, string]> = [
  ['Convener', 'CONV'],
  ['Management', 'MGMT'],
  ['NRI', 'NRI'],
  ['Spot', 'SPOT'],
];
export const ENTRANCE_TYPES = ['ICET', 'PGECT', 'POLYCET', 'EAPCET', 'ECET'];
export const NATIONALITIES = ['Indian', 'NRI', 'Other'];
export const RELIGIONS = ['Hindu', 'Muslim', 'Christian', 'Sikh', 'Buddhist', 'Jain', 'Other'];
export const CASTES: Record<string, string[]> = {
  OC: ['Brahmin', 'Kamma', 'Reddy', 'Kapu', 'Vysya', 'Velama'],
  'BC-A': ['Agnikulakshatriya', 'Vadabalija', 'Rajaka'],
  'BC-B': ['Goud', 'Padmasali', 'Kuruba'],
  'BC-C': ['Christian convert from SC'],
  'BC-D': ['Mudiraj', 'Yadava', 'Munnuru Kapu'],
  'BC-E': ['Shaik', 'Syed'],
  SC: ['Mala', 'Madiga', 'Adi Dravida'],
  ST: ['Lambadi', 'Koya', 'Gond', 'Yerukula'],
};
export const AGENTS = ['Direct', 'Sri Sai Consultancy', 'Vidya Educational Services', 'Bright Future Admissions'];

/** One demo user for every role of the landing table, all with password Demo@1234. */
export const DEMO_USERS: Array<{ username: string; fullName: string; roles: string[]; program?: string }> = [
  { username: 'admin', fullName: 'Ramesh Chandra', roles: ['ROLE_ADMIN'] },
  { username: 'principal', fullName: 'Dr. Padmavathi Rao', roles: ['ROLE_PRINCIPAL'] },
  { username: 'hod', fullName: 'Dr. Suresh Kumar', roles: ['ROLE_HOD'], program: 'CSE' },
  { username: 'faculty', fullName: 'Farida Rao', roles: ['ROLE_FACULTY'], program: 'CSE' },
  { username: 'examcell', fullName: 'Venkata Subbaiah', roles: ['ROLE_EXAMINATION'] },
  { username: 'accountant', fullName: 'Lakshmi Narayana', roles: ['ROLE_ACCOUNTANT'] },
  { username: 'accountsofficer', fullName: 'Sridevi Murthy', roles: ['ROLE_ACCOUNTANTS_OFFICER'] },
  { username: 'librarian', fullName: 'Anitha Kumari', roles: ['ROLE_LIBRARY_INCHARGE'] },
  { username: 'libraryassistant', fullName: 'Mohan Das', roles: ['ROLE_LIBRARY_ASSISTANT'] },
  { username: 'opac', fullName: 'OPAC Kiosk', roles: ['ROLE_OPAC_LIBRARY'] },
  { username: 'dean', fullName: 'Dr. Vijaya Lakshmi', roles: ['ROLE_DEAN'] },
  { username: 'chairman', fullName: 'Sri Rama Krishna', roles: ['ROLE_CHAIRMAN'] },
  { username: 'transport', fullName: 'Nagaraju Yadav', roles: ['ROLE_TRANSPORTATION_INCHARGE'] },
  { username: 'iqac', fullName: 'Dr. Hema Latha', roles: ['ROLE_IQAC_INCHARGE'] },
  { username: 'iqaccoordinator', fullName: 'Prasanna Kumar', roles: ['ROLE_IQAC_COORDINATOR'] },
  { username: 'grievance', fullName: 'Saraswathi Devi', roles: ['ROLE_GRIEVANCE_INCHARGE'] },
  { username: 'hostel', fullName: 'Koteswara Rao', roles: ['ROLE_HOSTEL_INCHARGE'] },
  { username: 'alumni', fullName: 'Arjun Reddy', roles: ['ROLE_ALUMNI'] },
  { username: 'academics', fullName: 'Dr. Madhavi Latha', roles: ['ROLE_ACADEMICS'] },
  { username: 'admissions', fullName: 'Sunitha Reddy', roles: ['ROLE_ADMISSIONS'] },
  { username: 'feepayments', fullName: 'Gopal Krishna', roles: ['ROLE_FEEPAYMENTS'] },
  { username: 'correspondence', fullName: 'Bhaskar Rao', roles: ['ROLE_CORRESPONDENCE'] },
  { username: 'administration', fullName: 'Usha Rani', roles: ['ROLE_ADMINISTRATION'] },
  { username: 'placement', fullName: 'Dr. Kishore Babu', roles: ['ROLE_PLACMENT_DEAN'] },
];

export const DEMO_PASSWORD = 'Demo@1234';

/** Small deterministic PRNG (mulberry32) so the seed is the same on every machine. */
export function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
