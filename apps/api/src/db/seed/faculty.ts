import { academicYear } from '@erp/shared';
import { insertChunked, type SeedContext, type SeededCollege } from './context.js';

const PUBLICATIONS: Record<string, Array<[string, string, number, number, number]>> = {
  // title, journal, year, scopus (0/1), citations
  faculty: [
    ['Federated Learning for Privacy-Preserving Student Analytics', 'IEEE Access', 2024, 1, 14],
    ['A Survey of Graph Neural Networks for Course Recommendation', 'Expert Systems with Applications', 2023, 1, 22],
    ['Lightweight Intrusion Detection for Campus IoT Networks', 'Journal of Network and Computer Applications', 2023, 1, 9],
    ['Teaching Data Structures with Visual Debuggers', 'Journal of Engineering Education Transformations', 2022, 0, 3],
    ['Energy-Aware Task Scheduling in Edge Clusters', 'International Journal of Computer Applications', 2021, 0, 5],
  ],
  hod: [
    ['Explainable Models for Early Academic Risk Prediction', 'Computers & Education', 2024, 1, 31],
    ['Blockchain-Backed Credential Verification for Universities', 'IEEE Transactions on Learning Technologies', 2022, 1, 18],
    ['Outcome-Based Education Analytics at Scale', 'Journal of Engineering Education Transformations', 2021, 0, 6],
  ],
};

const MOUS: Record<string, Array<[string, string, string]>> = {
  faculty: [
    ['Tata Consultancy Services', 'Industry-ready curriculum in cloud computing', '2024-07-15'],
    ['IIIT Hyderabad', 'Joint research in machine learning', '2023-11-02'],
  ],
  hod: [['Infosys Springboard', 'Faculty development programmes', '2024-01-20']],
};

const AWARDS: Record<string, Array<[string, string, string]>> = {
  faculty: [
    ['Best Paper Award', 'IEEE International Conference on Data Science', '2024-03-09'],
    ['Best Teacher Award', 'Sri Venkateswara Engineering College', '2023-09-05'],
  ],
  hod: [['Distinguished Educator Award', 'ISTE Andhra Pradesh Section', '2023-12-12']],
};

const PROFILES: Record<string, { designation: string; qualification: string; specialization: string; experienceYears: number }> =
  {
    faculty: {
      designation: 'Assistant Professor',
      qualification: 'M.Tech, Ph.D',
      specialization: 'Machine Learning',
      experienceYears: 8,
    },
    hod: { designation: 'Professor and Head', qualification: 'M.Tech, Ph.D', specialization: 'Data Mining', experienceYears: 19 },
  };

const ACHIEVEMENTS = [
  ['2025-01-18', 'Delivered an invited talk on generative AI in engineering education at JNTU Kakinada.'],
  ['2024-08-22', 'Completed the NPTEL course on Deep Learning with Elite + Gold certification.'],
  ['2024-02-10', 'Received a research grant of Rs. 4.5 lakh from AICTE under the RPS scheme.'],
];

async function seedCollegeFaculty(ctx: SeedContext, college: SeededCollege) {
  const { db, now } = ctx;
  const publications = [];
  const mous = [];
  const awards = [];
  const profiles = [];
  for (const username of ['faculty', 'hod']) {
    const userId = college.users.get(username);
    if (!userId) continue;
    const base = { college_id: college.id, user_id: userId, created_at: now };
    for (const [title, journal, year, scopus, citations] of PUBLICATIONS[username]) {
      publications.push({ ...base, title, journal, year, scopus_indexed: scopus, citations });
    }
    for (const [organisation, purpose, signed_on] of MOUS[username]) mous.push({ ...base, organisation, purpose, signed_on });
    for (const [title, awarded_by, awarded_on] of AWARDS[username]) awards.push({ ...base, title, awarded_by, awarded_on });
    // This year's profile and last year's, so the dashboard finds one whichever year it asks for.
    const [from] = academicYear().split('-').map(Number);
    for (const fy of [`${from}-${from + 1}`, `${from - 1}-${from}`]) {
      profiles.push({
        college_id: college.id,
        user_id: userId,
        financial_year: fy,
        institution_type: 'engineering',
        data_json: JSON.stringify(PROFILES[username]),
        updated_at: now,
      });
    }
  }
  await insertChunked(db, 'faculty_publications', publications);
  await insertChunked(db, 'faculty_mous', mous);
  await insertChunked(db, 'faculty_awards', awards);
  await insertChunked(db, 'faculty_profiles', profiles);

  const faculty = await db
    .selectFrom('faculty')
    .select(['full_name', 'email', 'department'])
    .where('college_id', '=', college.id)
    .where('department', 'in', ['CSE', 'ECE'])
    .orderBy('id')
    .execute();
  const achievements = faculty.flatMap((f, i) =>
    ACHIEVEMENTS.slice(0, 1 + (i % 3)).map(([dates, description]) => ({
      college_id: college.id,
      department_name: f.department,
      faculty_name: f.full_name,
      faculty_email: f.email,
      description,
      dates,
      created_by: null,
      created_at: now,
    })),
  );
  await insertChunked(db, 'faculty_achievements', achievements);
}

/** Faculty publications, MoUs, awards, profiles (demo users 'faculty' and 'hod') and achievements for CSE and ECE faculty. */
export async function seedFaculty(ctx: SeedContext): Promise<void> {
  await seedCollegeFaculty(ctx, ctx.main);
  await seedCollegeFaculty(ctx, ctx.srk);
}
