import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { newCollege, newExamResult, newExamTitle, newStudent, newUser, type BuiltStudent } from '../../../test/builders.js';

/**
 * Results figures of 2025-26 in a college of its own: a II-I regular title published in December
 * 2025 (seven CSE students, two ECE), a I-II one published in April 2025 (so 2024-25), a
 * supplementary one that clears a failure, an unpublished draft. Expected figures by hand.
 */
let t: TestApp;
let c: { id: number; code: string; host: string };
let principal: string;
let examcell: string;
const titles: Record<string, { id: number; title: string }> = {};
const s: Record<string, BuiltStudent> = {};

async function title(key: string, name: string, type: 'regular' | 'supply', createdAt: string, published = 1) {
  titles[key] = await newExamTitle(t.db, c.id, { title: name, exam_type: type, published });
  await t.db.updateTable('exam_titles').set({ created_at: createdAt }).where('id', '=', titles[key].id).execute();
}
const mark = (key: string, who: string, code: string, credits: number, marks: number | 'AB') =>
  newExamResult(t.db, c.id, titles[key], s[who], { code, name: `Course ${code}`, credits, marks });

beforeAll(async () => {
  t = await createTestApp();
  c = await newCollege(t.db);
  principal = (await newUser(t.db, c.id, { roles: ['ROLE_PRINCIPAL'] })).username;
  examcell = (await newUser(t.db, c.id, { roles: ['ROLE_EXAMINATION'] })).username;
  for (const [key, branch, batch] of [
    ['s1', 'CSE', '2023-2027'],
    ['s2', 'CSE', '2023-2027'],
    ['s3', 'CSE', '2023-2027'],
    ['s4', 'CSE', '2023-2027'],
    ['s5', 'CSE', '2023-2027'],
    ['s6', 'CSE', '2023-2027'],
    ['s7', 'CSE', '2023-2027'],
    ['e1', 'ECE', '2023-2027'],
    ['e2', 'ECE', '2023-2027'],
    ['old', 'CSE', '2019-2023'],
  ])
    s[key] = await newStudent(t.db, c.id, { branch, batch, full_name: `Student ${key}` });
  await title('t1', 'B.Tech II-I Regular Examinations November 2025', 'regular', '2025-12-10T10:00:00.000Z');
  await title('t2', 'B.Tech I-II Regular Examinations April 2025', 'regular', '2025-04-20T10:00:00.000Z');
  await title('t3', 'B.Tech Supplementary Examinations February 2026', 'supply', '2026-02-20T10:00:00.000Z');
  await title('t4', 'B.Tech II-I Regular Examinations (draft)', 'regular', '2025-12-11T10:00:00.000Z', 0);
  // II-I (2025-26): C1 of 3 credits, C2 of 4.
  const t1: Array<[string, number | 'AB', number | 'AB']> = [
    ['s1', 95, 85],
    ['s2', 85, 95],
    ['s3', 75, 75],
    ['s4', 65, 55],
    ['s5', 55, 55],
    ['s6', 95, 95],
    ['s7', 40, 90],
    ['e1', 35, 'AB'],
    ['e2', 80, 80],
  ];
  for (const [who, c1, c2] of t1) {
    await mark('t1', who, 'C1', 3, c1);
    await mark('t1', who, 'C2', 4, c2);
  }
  // I-II (2024-25): C0 of 3 credits.
  await mark('t2', 's1', 'C0', 3, 45);
  await mark('t2', 's2', 'C0', 3, 70);
  await mark('t2', 'old', 'C0', 3, 30);
  await mark('t3', 's7', 'C1', 3, 60); // s7 clears C1
  await mark('t4', 's5', 'C1', 3, 20); // unpublished: changes nothing
});
afterAll(async () => t.close());

const get = (who: string, url: string) => t.as(who, { method: 'GET', url }, c.host);

describe('GET /api/analytics/results', () => {
  it('gives pass % by branch, semester and subject over the years, backlogs and toppers', async () => {
    const res = await get(principal, '/api/analytics/results?year=2025');
    expect(res.statusCode, res.body).toBe(200);
    const f = res.json();
    expect(f.year).toEqual({ year: 2025, label: '2025-26' });
    expect(f.years).toEqual([2021, 2022, 2023, 2024, 2025]);
    // CSE II-I: s7 failed C1, the other six passed both; ECE: e1 failed, e2 passed. I-II: only s2 passed C0.
    expect(f.byBranchSemester).toEqual([
      { branch: 'CSE', semester: 'I-II', year: 2024, appeared: 3, passed: 1, passPercent: 33.33 },
      { branch: 'CSE', semester: 'II-I', year: 2025, appeared: 7, passed: 6, passPercent: 85.71 },
      { branch: 'ECE', semester: 'II-I', year: 2025, appeared: 2, passed: 1, passPercent: 50 },
    ]);
    expect(f.bySubject).toEqual([
      { courseCode: 'C0', course: 'Course C0', year: 2024, appeared: 3, passed: 1, passPercent: 33.33 },
      { courseCode: 'C1', course: 'Course C1', year: 2025, appeared: 9, passed: 7, passPercent: 77.78 },
      { courseCode: 'C2', course: 'Course C2', year: 2025, appeared: 9, passed: 8, passPercent: 88.89 },
    ]);
    // s1 still owes C0; e1 owes C1 and C2; s7 cleared C1 at the supplementary; the 2019 batch has left the rolls.
    expect(f.backlogs).toEqual({
      students: 2,
      courses: 3,
      byBranch: [
        { branch: 'CSE', batch: '2023-2027', students: 1, courses: 1 },
        { branch: 'ECE', batch: '2023-2027', students: 1, courses: 2 },
      ],
    });
    // SGPA of II-I: s6 (10·3 + 10·4)/7 = 10; s2 (9·3 + 10·4)/7 = 9.57; s1 (10·3 + 9·4)/7 = 9.43; s3 8; s4 (7·3 + 6·4)/7 = 6.43; s5 6 is sixth.
    // CGPA over every course passed: s2 (8·3 + 9·3 + 10·4)/10 = 9.1.
    const t1 = titles.t1.title;
    const top = (branch: string, rank: number, who: string, sgpa: number, cgpa: number) => ({
      branch,
      rank,
      rollNo: s[who].rollNo,
      name: `Student ${who}`,
      batch: '2023-2027',
      title: t1,
      sgpa,
      cgpa,
    });
    expect(f.toppers).toEqual([
      top('CSE', 1, 's6', 10, 10),
      top('CSE', 2, 's2', 9.57, 9.1),
      top('CSE', 3, 's1', 9.43, 9.43),
      top('CSE', 4, 's3', 8, 8),
      top('CSE', 5, 's4', 6.43, 6.43),
      top('ECE', 1, 'e2', 9, 9),
    ]);
    expect(f.titles).toEqual([titles.t1.title, titles.t3.title]);
  });

  it('agrees with the exam cell’s own list of titles', async () => {
    const f = (await get(principal, '/api/analytics/results?year=2025')).json();
    const list = (await get(examcell, '/api/exam-results/titles')).json() as Array<{
      title: string;
      students: number;
      failed: number;
      absent: number;
    }>;
    const t1 = list.find((x) => x.title === titles.t1.title)!;
    const of2025 = (rows: Array<{ year: number; appeared: number; passed: number }>) => rows.filter((r) => r.year === 2025);
    expect(of2025(f.byBranchSemester).reduce((n: number, r: { appeared: number }) => n + r.appeared, 0)).toBe(t1.students);
    expect(of2025(f.bySubject).reduce((n: number, r: { appeared: number; passed: number }) => n + r.appeared - r.passed, 0)).toBe(
      t1.failed + t1.absent,
    );
  });

  it('refuses a bad year with its message, and a student, a faculty member and the exam cell clerk', async () => {
    for (const bad of ['20x5', '999', '2101']) {
      const res = await get(principal, `/api/analytics/results?year=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toMatch(/^year must be/);
    }
    const student = (await newStudent(t.db, c.id, { login: true })).username!;
    const faculty = (await newUser(t.db, c.id, { roles: ['ROLE_FACULTY'], faculty: true })).username;
    for (const who of [student, faculty, examcell])
      expect((await get(who, '/api/analytics/results?year=2025')).statusCode, who).toBe(403);
  });
});
