import { insertChunked, type SeedContext } from './context.js';

type Entry = [title: string, kind: string, start: string, end?: string];

/** Andhra Pradesh academic years 2025-26 and 2026-27: semesters, exams and the gazetted holidays. */
const ENTRIES: Entry[] = [
  ['Odd semester begins', 'semester_start', '2025-07-07'],
  ['Independence Day', 'holiday', '2025-08-15'],
  ['Vinayaka Chavithi', 'holiday', '2025-08-27'],
  ['Gandhi Jayanti and Vijayadasami', 'holiday', '2025-10-02'],
  ['Deepavali', 'holiday', '2025-10-20'],
  ['Mid examinations I', 'exam', '2025-09-01', '2025-09-06'],
  ['Mid examinations II', 'exam', '2025-10-27', '2025-11-01'],
  ['Odd semester ends', 'semester_end', '2025-11-15'],
  ['Semester end examinations', 'exam', '2025-11-24', '2025-12-10'],
  ['Christmas', 'holiday', '2025-12-25'],
  ['Even semester begins', 'semester_start', '2025-12-29'],
  ['Sankranti holidays', 'holiday', '2026-01-13', '2026-01-16'],
  ['Republic Day', 'holiday', '2026-01-26'],
  ['Maha Shivaratri', 'holiday', '2026-02-15'],
  ['Holi', 'holiday', '2026-03-04'],
  ['Ugadi', 'holiday', '2026-03-19'],
  ['Annual sports meet', 'event', '2026-02-20', '2026-02-21'],
  ['Even semester ends', 'semester_end', '2026-04-25'],
  ['Semester end examinations', 'exam', '2026-05-04', '2026-05-20'],
  ['Odd semester begins', 'semester_start', '2026-07-06'],
  ['Muharram', 'holiday', '2026-07-26'],
  ['Independence Day', 'holiday', '2026-08-15'],
  ['Sri Krishna Janmashtami', 'holiday', '2026-09-04'],
  ['Vinayaka Chavithi', 'holiday', '2026-09-14'],
  ['Mid examinations I', 'exam', '2026-08-31', '2026-09-05'],
  ['Gandhi Jayanti', 'holiday', '2026-10-02'],
  ['Dussehra holidays', 'holiday', '2026-10-19', '2026-10-21'],
  ['Mid examinations II', 'exam', '2026-10-26', '2026-10-31'],
  ['Deepavali', 'holiday', '2026-11-08'],
  ['Technical fest', 'event', '2026-11-13', '2026-11-14'],
  ['Odd semester ends', 'semester_end', '2026-11-21'],
  ['Semester end examinations', 'exam', '2026-11-30', '2026-12-16'],
  ['Christmas', 'holiday', '2026-12-25'],
  ['Even semester begins', 'semester_start', '2027-01-04'],
  ['Sankranti holidays', 'holiday', '2027-01-13', '2027-01-16'],
  ['Republic Day', 'holiday', '2027-01-26'],
  ['Even semester ends', 'semester_end', '2027-04-24'],
];

export async function seedCalendar(ctx: SeedContext): Promise<void> {
  const rows = [ctx.main, ctx.srk].flatMap((college) =>
    ENTRIES.map(([title, kind, start, end]) => ({
      college_id: college.id,
      title,
      kind,
      start_date: start,
      end_date: end ?? start,
      description: '',
      created_at: ctx.now,
    })),
  );
  await insertChunked(ctx.db, 'calendar_events', rows);
}
