import type { Database } from '../index.js';
import { insertChunked, type SeedContext, type SeededCollege } from './context.js';
import { prng } from './data.js';
import { createUserWithRoles } from '../../modules/auth/index.js';

/** Working days after a date: Sundays and the seeded calendar's holidays do not count. */
export async function addWorkingDays(db: Database, collegeId: number, from: string, n: number) {
  const rows = await db
    .selectFrom('calendar_events')
    .select(['start_date', 'end_date'])
    .where('college_id', '=', collegeId)
    .where('kind', '=', 'holiday')
    .where('retired', '=', 0)
    .execute();
  const holiday = (d: string) => rows.some((r) => r.start_date <= d && d <= r.end_date);
  let d = from;
  for (let left = n; left > 0;) {
    d = day(d, 1);
    if (new Date(`${d}T00:00:00Z`).getUTCDay() !== 0 && !holiday(d)) left--;
  }
  return d;
}

const day = (now: string, offset: number) => new Date(Date.parse(now) + offset * 86_400_000).toISOString().slice(0, 10);
const stamp = (date: string, hour = 10) => `${date}T${String(hour - 5).padStart(2, '0')}:30:00.000Z`;

type Member = { name: string; position: string; designation: string; gender: string; social_category: string; user?: string };

/** The two committees of each college, composed as the UGC Regulations 2023 require. */
function committees(college: SeededCollege): Array<{ name: string; categories: string[]; members: Member[] }> {
  const main = college.code === 'SVEC';
  return [
    {
      name: "Students' Grievance Redressal Committee",
      categories: ['academic', 'examination', 'admission', 'fees', 'library', 'infrastructure', 'other'],
      members: [
        {
          name: main ? 'Dr. Venkata Ramana Murthy' : 'Dr. Sudhakar Reddy',
          position: 'chair',
          designation: 'Professor',
          gender: 'MALE',
          social_category: 'GEN',
        },
        {
          name: main ? 'Farida Rao' : 'Dr. Sarada Devi',
          position: 'member',
          designation: 'Associate Professor',
          gender: 'FEMALE',
          social_category: 'OBC',
          user: main ? 'faculty' : undefined,
        },
        { name: 'Dr. Prakash Naidu', position: 'member', designation: 'Professor', gender: 'MALE', social_category: 'GEN' },
        {
          name: 'Dr. Bhavani Shankar',
          position: 'member',
          designation: 'Associate Professor',
          gender: 'MALE',
          social_category: 'SC',
        },
        { name: 'Dr. Lalitha Kumari', position: 'member', designation: 'Professor', gender: 'FEMALE', social_category: 'GEN' },
        {
          name: main ? 'Sravani Reddy (IV B.Tech CSE)' : 'Harika Goud (IV B.Tech ECE)',
          position: 'student_invitee',
          designation: 'Student',
          gender: 'FEMALE',
          social_category: 'GEN',
        },
      ],
    },
    {
      name: 'Anti-Ragging and Anti-Harassment Committee',
      categories: ['ragging_harassment', 'hostel'],
      members: [
        {
          name: main ? 'Dr. Suresh Kumar' : 'Dr. Raghavendra Rao',
          position: 'chair',
          designation: 'Professor',
          gender: 'MALE',
          social_category: 'GEN',
          user: main ? 'hod' : undefined,
        },
        { name: 'Dr. Anitha Varma', position: 'member', designation: 'Professor', gender: 'FEMALE', social_category: 'OBC' },
        { name: 'Dr. Ravi Teja', position: 'member', designation: 'Associate Professor', gender: 'MALE', social_category: 'ST' },
        {
          name: 'Dr. Meena Kumari',
          position: 'member',
          designation: 'Associate Professor',
          gender: 'FEMALE',
          social_category: 'GEN',
        },
        { name: 'Dr. Kiran Kumar', position: 'member', designation: 'Professor', gender: 'MALE', social_category: 'GEN' },
        {
          name: main ? 'Aditya Sharma (III B.Tech ECE)' : 'Manoj Yadav (III B.Tech CSE)',
          position: 'student_invitee',
          designation: 'Student',
          gender: 'MALE',
          social_category: 'GEN',
        },
      ],
    },
  ];
}

type Plan = {
  by: string;
  category: string;
  subject: string;
  description: string;
  lodgedDaysAgo: number;
  status: string;
  anonymous?: boolean;
  decision?: string;
  decidedDaysAgo?: number;
  appeal?: { reason: string; daysAgo: number; status: string; decision?: string };
  comments?: Array<{ by: string; body: string; internal?: boolean; daysAgo: number }>;
};

function plans(college: SeededCollege): Plan[] {
  const student = college.rollNos[0];
  if (college.code !== 'SVEC') {
    const by = [...college.users.keys()].find((u) => u.startsWith('srk')) ?? student;
    return [
      {
        by: student,
        category: 'examination',
        subject: 'Revaluation result pending',
        description: 'Applied for revaluation of Engineering Mathematics-III on the due date; no result after six weeks.',
        lodgedDaysAgo: 3,
        status: 'submitted',
      },
      {
        by: student,
        category: 'library',
        subject: 'Too few copies of the DBMS textbook',
        description: 'Only two copies of Korth for 60 students; the waiting list is three weeks long.',
        lodgedDaysAgo: 10,
        status: 'acknowledged',
      },
      {
        by: student,
        category: 'infrastructure',
        subject: 'Projector in room 204 not working',
        description: 'The projector in room 204 has not worked for two weeks; lectures are delayed daily.',
        lodgedDaysAgo: 40,
        status: 'in_progress',
      },
      {
        by,
        category: 'fees',
        subject: 'Receipt for the semester fee',
        description: 'The semester fee was paid online on time but the receipt shows the wrong semester.',
        lodgedDaysAgo: 25,
        status: 'resolved',
        decision: 'Receipt reissued with the correct semester.',
        decidedDaysAgo: 20,
      },
      {
        by: student,
        category: 'transport',
        subject: 'Bus 12 leaves before the last lab ends',
        description: 'Bus 12 leaves at 4.10 pm while the last lab ends at 4.15 pm on Thursdays; students miss it.',
        lodgedDaysAgo: 30,
        status: 'rejected',
        decision: 'The timetable was changed from next week; the lab ends at 4.00 pm.',
        decidedDaysAgo: 24,
      },
    ];
  }
  return [
    {
      by: student,
      category: 'academic',
      subject: 'Internal marks of Compiler Design not updated',
      description: 'The mid-term marks for Compiler Design are missing from the portal though the papers were returned.',
      lodgedDaysAgo: 2,
      status: 'submitted',
    },
    {
      by: 'faculty',
      category: 'infrastructure',
      subject: 'Network lab air conditioning',
      description: 'Two of the three air conditioners in the network lab are not working; systems overheat in the afternoon.',
      lodgedDaysAgo: 4,
      status: 'acknowledged',
      comments: [{ by: 'grievance', body: 'Forwarded to the estate office for inspection.', daysAgo: 3 }],
    },
    {
      by: student,
      category: 'ragging_harassment',
      subject: 'Seniors in hostel block C',
      description: 'Some seniors in hostel block C make first-year students run errands late at night and threaten them.',
      lodgedDaysAgo: 6,
      status: 'in_progress',
      anonymous: true,
      comments: [
        {
          by: 'hod',
          body: 'Warden asked to post a guard in block C at night; CCTV footage requested.',
          internal: true,
          daysAgo: 5,
        },
        { by: 'grievance', body: 'The committee has taken up your complaint and acted in the hostel.', daysAgo: 4 },
      ],
    },
    {
      by: student,
      category: 'examination',
      subject: 'Wrong hall ticket photo',
      description: 'My hall ticket for the semester examinations shows another student’s photograph.',
      lodgedDaysAgo: 45,
      status: 'submitted',
    },
    {
      by: 'librarian',
      category: 'other',
      subject: 'Staff parking',
      description: 'Two-wheelers of visitors occupy the staff parking near the library every morning.',
      lodgedDaysAgo: 38,
      status: 'acknowledged',
    },
    {
      by: 'hostel',
      category: 'hostel',
      subject: 'Water supply in girls hostel',
      description: 'Water supply to the second floor of the girls hostel stops every evening from 6 to 9 pm.',
      lodgedDaysAgo: 30,
      status: 'in_progress',
      comments: [{ by: 'grievance', body: 'Plumber has inspected the pump; new motor ordered.', daysAgo: 20 }],
    },
    {
      by: student,
      category: 'transport',
      subject: 'Bus route 7 skips Renigunta stop',
      description: 'Bus route 7 has skipped the Renigunta stop for a week; ten students walk two kilometres.',
      lodgedDaysAgo: 28,
      status: 'in_progress',
    },
    {
      by: student,
      category: 'fees',
      subject: 'Late fee charged although paid on time',
      description: 'A late fee of ₹500 was charged though the semester fee was paid two days before the due date.',
      lodgedDaysAgo: 60,
      status: 'resolved',
      decision: 'Late fee waived; amount adjusted against the next semester fee.',
      decidedDaysAgo: 50,
      comments: [{ by: 'grievance', body: 'Accounts confirmed the payment date from the gateway report.', daysAgo: 52 }],
    },
    {
      by: 'faculty',
      category: 'library',
      subject: 'E-journal access',
      description: 'IEEE Xplore access from the department labs fails with an authentication error since last month.',
      lodgedDaysAgo: 20,
      status: 'resolved',
      decision: 'Proxy settings corrected; access restored from all labs.',
      decidedDaysAgo: 12,
    },
    {
      by: student,
      category: 'admission',
      subject: 'Scholarship certificate not attested',
      description: 'The office has not attested my scholarship renewal certificate; the portal deadline is close.',
      lodgedDaysAgo: 16,
      status: 'rejected',
      decision: 'The certificate was attested on the day of request; the student was informed by SMS.',
      decidedDaysAgo: 6,
    },
    {
      by: student,
      category: 'academic',
      subject: 'Attendance shortage marked wrongly',
      description: 'I was marked absent for four days of the NSS camp though the principal approved on-duty leave.',
      lodgedDaysAgo: 25,
      status: 'rejected',
      decision: 'On-duty leave was approved only for two of the four days.',
      decidedDaysAgo: 10,
      appeal: {
        reason: 'The NSS coordinator’s letter covers all four days; a copy is with the department.',
        daysAgo: 8,
        status: 'pending',
      },
    },
    {
      by: 'faculty',
      category: 'examination',
      subject: 'Remuneration for valuation not paid',
      description: 'Valuation remuneration for the last semester examinations has not been paid to CSE faculty.',
      lodgedDaysAgo: 90,
      status: 'resolved',
      decision: 'Paid along with the salary of the following month.',
      decidedDaysAgo: 80,
      appeal: {
        reason: 'Only half the scripts were paid for.',
        daysAgo: 75,
        status: 'upheld',
        decision: 'The balance is to be paid within two weeks.',
      },
    },
  ];
}

export async function seedGrievances(ctx: SeedContext): Promise<void> {
  const db = ctx.db as Database;
  const main = ctx.main;
  // The ombudsperson: a retired judge the admin has given the role.
  const ombudId = await createUserWithRoles(
    db,
    {
      college_id: main.id,
      username: 'ombudsperson',
      email: 'ombudsperson@svec.edu.in',
      password_hash: ctx.passwordHash,
      full_name: 'Justice (Retd.) K. Lakshmana Rao',
      program: '',
      institute_type: 'engineering',
      eamcet_code: main.code,
      college_name: main.name,
      affiliated_to: '',
      modules: 'erp',
      emp_code: null,
      status: 'active',
      must_change_password: 0,
      student_id: null,
      faculty_id: null,
      created_at: ctx.now,
    },
    ['ROLE_OMBUDSPERSON'],
  );
  main.users.set('ombudsperson', ombudId);

  for (const college of [ctx.main, ctx.srk]) await seedCollegeGrievances(ctx, db, college);
}

async function seedCollegeGrievances(ctx: SeedContext, db: Database, college: SeededCollege) {
  const rand = prng(college.code === 'SVEC' ? 151 : 152);
  const committeeIds = new Map<string, number>();
  for (const c of committees(college)) {
    const { id } = await db
      .insertInto('grievance_committees')
      .values({ college_id: college.id, name: c.name, categories_json: JSON.stringify(c.categories), created_at: ctx.now })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const cat of c.categories) committeeIds.set(cat, id);
    await db
      .insertInto('grievance_committee_members')
      .values(
        c.members.map((m) => ({
          college_id: college.id,
          committee_id: id,
          user_id: m.user ? (college.users.get(m.user) ?? null) : null,
          name: m.name,
          position: m.position,
          designation: m.designation,
          gender: m.gender,
          social_category: m.social_category,
        })),
      )
      .execute();
  }

  const userId = (u: string) => college.users.get(u) ?? college.users.get(college.rollNos[0])!;
  const names = new Map(
    (await db.selectFrom('users').select(['id', 'full_name']).where('college_id', '=', college.id).execute()).map((u) => [
      u.id,
      u.full_name,
    ]),
  );
  const list = plans(college);
  const comments: Array<Record<string, unknown>> = [];
  let n = 0;
  for (const p of list) {
    n++;
    const lodgedOn = day(ctx.now, -p.lodgedDaysAgo);
    const dueOn = await addWorkingDays(db, college.id, lodgedOn, 15);
    const decided = p.decidedDaysAgo !== undefined ? stamp(day(ctx.now, -p.decidedDaysAgo), 11 + Math.floor(rand() * 5)) : null;
    const today = day(ctx.now, 0);
    const overdue = ['submitted', 'acknowledged', 'in_progress'].includes(p.status) && dueOn < today;
    const by = userId(p.by);
    const { id } = await db
      .insertInto('grievances')
      .values({
        college_id: college.id,
        number: `GRV-${lodgedOn.slice(0, 4)}-${String(n).padStart(5, '0')}`,
        category: p.category,
        subject: p.subject,
        description: p.description,
        anonymous: p.anonymous ? 1 : 0,
        lodged_by: by,
        complainant_role: p.by === college.rollNos[0] ? 'ROLE_STUDENT' : 'ROLE_FACULTY',
        committee_id: committeeIds.get(p.category) ?? null,
        status: p.status,
        lodged_on: lodgedOn,
        due_on: dueOn,
        decision: p.decision ?? '',
        decided_at: decided,
        decided_by: decided ? userId('grievance') : null,
        escalated_at: overdue ? stamp(day(dueOn, 1)) : null,
        appeal_status: p.appeal?.status ?? null,
        appeal_reason: p.appeal?.reason ?? '',
        appealed_at: p.appeal ? stamp(day(ctx.now, -p.appeal.daysAgo)) : null,
        appeal_due_on: p.appeal ? day(day(ctx.now, -p.appeal.daysAgo), 30) : null,
        appeal_decision: p.appeal?.decision ?? '',
        appeal_decided_at: p.appeal?.decision ? stamp(day(ctx.now, -p.appeal.daysAgo + 10)) : null,
        appeal_decided_by: p.appeal?.decision ? (college.users.get('ombudsperson') ?? null) : null,
        identity_revealed_at: null,
        identity_revealed_by: null,
        created_at: stamp(lodgedOn),
        updated_at: decided ?? stamp(lodgedOn),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const c of p.comments ?? []) {
      comments.push({
        college_id: college.id,
        grievance_id: id,
        author_id: userId(c.by),
        author_name: names.get(userId(c.by)) ?? c.by,
        internal: c.internal ? 1 : 0,
        body: c.body,
        created_at: stamp(day(ctx.now, -c.daysAgo), 12),
      });
    }
    if (decided) {
      comments.push({
        college_id: college.id,
        grievance_id: id,
        author_id: userId('grievance'),
        author_name: names.get(userId('grievance')) ?? 'Grievance cell',
        internal: 0,
        body: `Status: ${p.status === 'resolved' ? 'Resolved' : 'Rejected'}. ${p.decision}`,
        created_at: decided,
      });
    }
  }
  await insertChunked(db, 'grievance_comments', comments);
  await db.insertInto('counters').values({ college_id: college.id, name: 'grievance', value: list.length }).execute();
}
