import type { Database } from '../src/db/index.js';
import {
  collegeId,
  newBook,
  newBus,
  newCalendarEvent,
  newCopy,
  newExamResult,
  newExamTitle,
  newFaculty,
  newHostelBuilding,
  newRoom,
  newRoute,
  newStudent,
} from './builders.js';

/**
 * TEST_SEED_VARIANT=shuffled: the demo seed plus a few more rows in both colleges (students in the
 * demo student's section, an exam title with results, faculty, books and copies, a hostel room,
 * a bus and route, a calendar event), named to sort first and last. A test that passes on the plain
 * seed but fails here depends on what the demo data happens to contain; tests must build their own
 * rows (builders.ts) or assert relative to a count read before their action.
 */
export async function seedVariant(db: Database, variant: string): Promise<void> {
  if (variant !== 'shuffled') throw new Error(`unknown TEST_SEED_VARIANT "${variant}" (known: shuffled)`);
  for (const code of ['SVEC', 'SRK']) {
    const college = await collegeId(db, code);
    const demo = await db.selectFrom('students').select(['id', 'roll_no', 'course', 'batch', 'branch', 'semester', 'section', 'gender']).where('college_id', '=', college).orderBy('id').executeTakeFirstOrThrow();
    const same = { course: demo.course, branch: demo.branch, semester: demo.semester };
    const students = [
      await newStudent(db, college, { ...same, roll_no: `00${code}VAR1`, full_name: 'Aadya Variant', login: true }),
      await newStudent(db, college, { ...same, roll_no: `ZZ${code}VAR2`, full_name: 'Zoya Variant' }),
      await newStudent(db, college, { ...same, roll_no: `00${code}VAR3`, full_name: 'Aarush Variant', branch: 'ECE' }),
    ];
    // Into the demo student's batch and section, so class lists, registers and timetables grow.
    await db.updateTable('students').set({ batch: demo.batch, section: demo.section, gender: demo.gender }).where('id', 'in', students.map((s) => s.id)).execute();
    const sections = await db.selectFrom('section_students').select('section_id').where('student_id', '=', demo.id).execute();
    for (const s of sections)
      for (const st of students.slice(0, 2))
        await db.insertInto('section_students').values({ college_id: college, section_id: s.section_id, student_id: st.id }).execute();

    const title = await newExamTitle(db, college, { title: `${demo.course} ${demo.semester} Variant Examinations` });
    for (const [i, st] of students.entries()) {
      await newExamResult(db, college, title, st, { code: 'VAR101', name: 'Variant Theory', credits: 3, marks: 40 + 20 * i });
      await newExamResult(db, college, title, st, { code: 'VAR102', name: 'Variant Lab', credits: 1.5, marks: i === 1 ? 'AB' : 75 });
    }

    await newFaculty(db, college, { emp_code: `00${code}VARF1`, full_name: 'Aadi Variant' });
    await newFaculty(db, college, { emp_code: `ZZ${code}VARF2`, full_name: 'Zubin Variant', department: 'ECE' });

    const book = await newBook(db, college, { title: 'Aardvark Variant Handbook', isbn: null });
    await newCopy(db, college, book, { accession_no: `00${code}V1` });
    await newCopy(db, college, book, { accession_no: `ZZ${code}V2` });
    const journal = await newBook(db, college, { title: 'Zygote Variant Journal', item_type: 'journal', authors: '' });
    await newCopy(db, college, journal, { accession_no: `ZZ${code}V3` });

    const building = await db.selectFrom('hostel_buildings').select('id').where('college_id', '=', college).orderBy('id').executeTakeFirst();
    await newRoom(db, college, building ?? (await newHostelBuilding(db, college)), { room_no: 'V-001', floor: 9, sharing: 3 });

    const bus = await newBus(db, college, { reg_no: `AP00VAR${code.length}`, seating_capacity: 52 });
    await newRoute(db, college, { code: `V${code.slice(0, 2)}`, name: 'Variant route', vehicleId: bus.id, stops: [{ name: 'Variant Circle', fare: 1_500_000 }] });

    const inTwoWeeks = new Date(Date.now() + 14 * 864e5).toISOString().slice(0, 10);
    await newCalendarEvent(db, college, { title: 'Variant cultural fest', kind: 'event', start_date: inTwoWeeks, end_date: inTwoWeeks });
  }
}
