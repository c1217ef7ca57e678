import type { Database } from '../../../db/index.js';
import type { FileStorage } from '../../../lib/storage/index.js';
import type { RequestUser } from '../../../plugins/types.js';
import { academicRecord, type AcademicRecord } from './academic-record.js';
import { recordHolder } from './access.js';
import { admissionForm, issueRecord, photoOf, programmeOf } from './holder.js';
import { ddmmyyyy } from './records-pdf.js';
import * as repo from './records.repo.js';
import { transcriptPdf } from './transcript-pdf.js';

const cgpaLine = (x100: number) => (Number(x100) / 100).toFixed(2);

/** The regulation's class rule in words, for the foot of a transcript. */
export function classRuleText(record: AcademicRecord, regulationCode: string): string {
  const l = record.lines;
  if (!l) return '';
  return (
    `Class (regulation ${regulationCode}): First Class with Distinction at CGPA ${cgpaLine(l.distinction_cgpa_x100)} or more with every course passed at the first attempt; ` +
    `First Class at ${cgpaLine(l.first_class_cgpa_x100)} or more; Second Class at ${cgpaLine(l.second_class_cgpa_x100)} or more; Pass Class below.`
  );
}

/** The class as printed: the class, or why there is none yet. */
export function classText(record: AcademicRecord): string {
  if (record.awardedClass) return record.awardedClass;
  if (record.open.length) return 'Not yet awarded';
  return record.lines ? 'Not yet awarded' : 'Not set';
}

export async function regulationCode(db: Database, collegeId: number, record: AcademicRecord) {
  return record.regulationId === null ? '' : ((await repo.regulation(db, collegeId, record.regulationId))?.code ?? '');
}

/** The consolidated transcript of a student, issued as a verifiable document. */
export async function transcriptFile(db: Database, storage: FileStorage, user: RequestUser, rollNo: string, baseUrl: string) {
  const collegeId = user.collegeId;
  const student = await recordHolder(db, user, rollNo, { what: 'transcript', student: true, parent: true });
  const record = await academicRecord(db, collegeId, student);
  const [college, regulation] = await Promise.all([repo.letterhead(db, collegeId), regulationCode(db, collegeId, record)]);
  const cls = classText(record);
  const verification = await issueRecord(db, collegeId, baseUrl, {
    kind: 'transcript',
    title: 'Consolidated transcript',
    student,
    fields: [
      ['Roll number', student.roll_no],
      ['Programme', programmeOf(student)],
      ['Credits earned', `${record.creditsEarned} of ${record.creditsRegistered}`],
      ['CGPA', record.cgpa.toFixed(2)],
      ['Class', cls],
      ...(record.open.length
        ? ([['Courses not cleared', record.open.map((c) => c.course_code).join(', ')]] as Array<[string, string]>)
        : []),
    ],
  });
  const form = admissionForm(student);
  const pdf = await transcriptPdf({
    college,
    holder: [
      ['Name of the student', student.full_name],
      ['Roll number', student.roll_no],
      ["Father's name", student.father_name],
      ['Date of birth', form.dateOfBirth ? ddmmyyyy(form.dateOfBirth) : ''],
      ['Programme', programmeOf(student)],
      ['Batch', student.batch],
      ['Regulation', regulation],
      ['Last examination passed', record.lastPassed?.monthYear ?? ''],
    ],
    rollNo: student.roll_no,
    name: student.full_name,
    photo: await photoOf(storage, student),
    record,
    classText: cls,
    classRule: classRuleText(record, regulation),
    verification,
  });
  return { pdf, name: `transcript-${student.roll_no}` };
}
