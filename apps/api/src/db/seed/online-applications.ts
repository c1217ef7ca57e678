import type { SeedContext } from './context.js';

/** A few online applications of the main college in each state, for the office's queue and the status page. */
export async function seedOnlineApplications(ctx: SeedContext) {
  const college = ctx.main;
  const year = Number(ctx.now.slice(0, 4));
  const day = (n: number) => new Date(Date.parse(ctx.now) - n * 86_400_000).toISOString();
  const admitted = await ctx.db
    .selectFrom('admissions')
    .select(['id', 'admission_no', 'aadhar_no', 'name', 'course', 'batch', 'branch', 'gender', 'data_json'])
    .where('college_id', '=', college.id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const admittedData = JSON.parse(admitted.data_json) as Record<string, string>;

  const base = {
    admissionType: 'Direct',
    courseAppliedFor: 'B.Tech',
    batch: '2025-2029',
    entranceType: 'EAPCET',
    nationality: 'Indian',
    religion: 'Hindu',
    isHostler: 'No',
  };
  const people = [
    { name: 'Pranavi Chowdary', gender: 'FEMALE', branch: 'CSE', dob: '2008-04-12', aadhar: '634512340001', mobile: '9849012301', rank: '8412', status: 'pending', age: 1 },
    { name: 'Rohith Varma', gender: 'MALE', branch: 'ECE', dob: '2007-12-03', aadhar: '634512340002', mobile: '9849012302', rank: '15230', status: 'pending', age: 2 },
    { name: 'Sindhu Priya', gender: 'FEMALE', branch: 'EEE', dob: '2008-07-21', aadhar: '634512340003', mobile: '9849012303', rank: '20117', status: 'pending', age: 3 },
    { name: 'Tarun Kumar', gender: 'MALE', branch: 'MECH', dob: '2008-02-15', aadhar: '634512340004', mobile: '9849012304', rank: '61890', status: 'rejected', age: 6 },
  ];
  const rows = people.map((p, i) => {
    const data = {
      ...base,
      dateOfAdmission: day(p.age).slice(0, 10),
      name: p.name,
      gender: p.gender,
      branch: p.branch,
      dateOfBirth: p.dob,
      aadharNo: p.aadhar,
      studentContactNo: p.mobile,
      emailId: `${p.name.split(' ')[0].toLowerCase()}@example.com`,
      rank: p.rank,
      fathersName: 'Venkata Rao',
    };
    return {
      college_id: college.id,
      application_no: `APP-${year}-${String(i + 1).padStart(5, '0')}`,
      aadhar_no: p.aadhar,
      name: p.name,
      date_of_birth: p.dob,
      course: base.courseAppliedFor,
      batch: base.batch,
      branch: p.branch,
      mobile: p.mobile,
      email: data.emailId,
      data_json: JSON.stringify(data),
      status: p.status,
      reason: p.status === 'rejected' ? 'The EAPCET rank is beyond the last rank admitted to MECH this year' : '',
      admission_id: null as number | null,
      admission_no: null as string | null,
      decided_by: p.status === 'rejected' ? (college.users.get('admissions') ?? null) : null,
      decided_at: p.status === 'rejected' ? day(4) : null,
      created_at: day(p.age),
    };
  });
  // One accepted earlier: it became the college's first seeded admission.
  rows.push({
    college_id: college.id,
    application_no: `APP-${year}-${String(rows.length + 1).padStart(5, '0')}`,
    aadhar_no: admitted.aadhar_no,
    name: admitted.name,
    date_of_birth: admittedData.dateOfBirth || '2007-09-09',
    course: admitted.course,
    batch: admitted.batch,
    branch: admitted.branch,
    mobile: admittedData.studentContactNo ?? '',
    email: admittedData.emailId ?? '',
    data_json: JSON.stringify({ ...admittedData, adminNo: '', rollNumber: '', dateOfBirth: admittedData.dateOfBirth || '2007-09-09' }),
    status: 'accepted',
    reason: '',
    admission_id: admitted.id,
    admission_no: admitted.admission_no,
    decided_by: college.users.get('admissions') ?? null,
    decided_at: day(8),
    created_at: day(10),
  });
  await ctx.db.insertInto('online_applications').values(rows).execute();
  await ctx.db
    .insertInto('counters')
    .values({ college_id: college.id, name: 'online_application', value: rows.length })
    .execute();
}
