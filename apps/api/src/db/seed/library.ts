import { DEFAULT_PATRON_CATEGORIES, LIBRARY_DEFAULT_RULES as DEFAULT_RULES, toIsbn13 } from '@erp/shared';
import { libraryRuleRow } from '../row-defaults.js';
import { insertChunked, type SeedContext, type SeededCollege } from './context.js';
import { prng } from './data.js';
import type { DB } from '../tables.js';

/**
 * A library per college: a few thousand titles across the departments' subjects with one to three
 * copies each, the default circulation rules, and loans in every state relative to today (current,
 * overdue, returned late with fines paid and unpaid, a waiting list and a copy on the hold shelf).
 * The demo student 22A91A0501 has two current loans, one overdue, an unpaid fine and a hold.
 */

const addDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

const SUBJECTS: Array<[subject: string, ddc: string, words: string[]]> = [
  [
    'Computer science',
    '005',
    [
      'Data Structures',
      'Algorithms',
      'Operating Systems',
      'Compiler Design',
      'Database Systems',
      'Computer Networks',
      'Machine Learning',
      'Software Engineering',
      'Artificial Intelligence',
      'Cloud Computing',
      'Cryptography',
      'Theory of Computation',
    ],
  ],
  [
    'Electronics',
    '621.381',
    [
      'Electronic Devices',
      'Digital Logic Design',
      'Signals and Systems',
      'VLSI Design',
      'Microprocessors',
      'Communication Systems',
      'Antennas and Wave Propagation',
      'Control Systems',
      'Embedded Systems',
    ],
  ],
  [
    'Electrical engineering',
    '621.3',
    [
      'Electrical Machines',
      'Power Systems',
      'Power Electronics',
      'Circuit Theory',
      'Electrical Measurements',
      'Renewable Energy Systems',
      'High Voltage Engineering',
    ],
  ],
  [
    'Mechanical engineering',
    '621',
    [
      'Thermodynamics',
      'Fluid Mechanics',
      'Strength of Materials',
      'Machine Design',
      'Heat Transfer',
      'Manufacturing Technology',
      'Kinematics of Machinery',
      'Refrigeration and Air Conditioning',
    ],
  ],
  [
    'Civil engineering',
    '624',
    [
      'Surveying',
      'Structural Analysis',
      'Concrete Technology',
      'Geotechnical Engineering',
      'Transportation Engineering',
      'Environmental Engineering',
      'Hydrology',
      'Estimation and Costing',
    ],
  ],
  [
    'Mathematics',
    '510',
    [
      'Engineering Mathematics',
      'Linear Algebra',
      'Probability and Statistics',
      'Numerical Methods',
      'Discrete Mathematics',
      'Complex Variables',
    ],
  ],
  [
    'Management',
    '658',
    [
      'Principles of Management',
      'Financial Accounting',
      'Marketing Management',
      'Human Resource Management',
      'Operations Research',
      'Business Communication',
      'Managerial Economics',
    ],
  ],
  ['Physics', '530', ['Engineering Physics', 'Applied Physics', 'Optics', 'Solid State Physics']],
  ['Chemistry', '540', ['Engineering Chemistry', 'Environmental Chemistry']],
  ['English', '420', ['Technical English', 'Communication Skills', 'English Grammar and Usage']],
];
const FORMS = [
  '',
  'Fundamentals of ',
  'Introduction to ',
  'Principles of ',
  'Advanced ',
  'A Textbook of ',
  'Handbook of ',
  'Problems in ',
];
const AUTHORS = [
  'B. S. Grewal',
  'R. K. Rajput',
  'S. S. Rattan',
  'P. N. Arora',
  'A. Nagoor Kani',
  'K. R. Arora',
  'B. C. Punmia',
  'U. A. Bakshi',
  'R. S. Khurmi',
  'J. B. Gupta',
  'S. Salivahanan',
  'Rajiv Sharma',
  'M. Morris Mano',
  'E. Balagurusamy',
  'Yashavant Kanetkar',
  'V. K. Mehta',
  'Seymour Lipschutz',
  'N. D. Bhatt',
  'P. C. Jain',
  'T. R. Jagadeesh',
  'K. Venkataratnam',
  'Prasanna Chandra',
  'Philip Kotler',
  'Andrew S. Tanenbaum',
  'Thomas H. Cormen',
];
const PUBLISHERS = [
  'S. Chand',
  'Laxmi Publications',
  'Khanna Publishers',
  'New Age International',
  'Tata McGraw-Hill',
  'PHI Learning',
  'Pearson India',
  'Oxford University Press India',
  'Wiley India',
  'Cengage India',
];
const JOURNALS = [
  'IEEE Transactions on Computers',
  'Journal of the Institution of Engineers (India)',
  'Current Science',
  'Indian Journal of Pure and Applied Physics',
  'IETE Journal of Research',
  'Vikalpa: Journal for Decision Makers',
  'Indian Concrete Journal',
];
const VENDORS = ['Sri Venkateswara Book Depot', 'Universal Book Agency', 'Prabhat Book House', 'Allied Publishers Distributors'];

/** ISBN-13 with a right check digit, from a 9-digit body under the 978-81 (India) prefix. */
function isbnFor(n: number): string {
  const body = `97881${String(n).padStart(7, '0')}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  return toIsbn13(`${body}${(10 - (sum % 10)) % 10}`)!;
}

export async function seedLibrary(ctx: SeedContext): Promise<void> {
  await seedOne(ctx, ctx.main, 2400, 11);
  await seedOne(ctx, ctx.srk, 1200, 23);
}

async function seedOne(ctx: SeedContext, college: SeededCollege, titleCount: number, seed: number) {
  const { db, now } = ctx;
  const rand = prng(seed);
  const pick = <T>(a: T[]) => a[Math.floor(rand() * a.length)];
  const today = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);

  await db
    .insertInto('library_categories')
    .values(DEFAULT_PATRON_CATEGORIES.map((c) => ({ college_id: college.id, ...c })))
    .execute();
  await db
    .insertInto('library_rules')
    .values(
      DEFAULT_RULES.map((r) => libraryRuleRow(college.id, r)),
    )
    .execute();

  const titles = [];
  const used = new Set<string>();
  for (let i = 0; i < titleCount; i++) {
    const journal = i % 60 === 59;
    const [subject, ddc, words] = pick(SUBJECTS);
    let name = journal ? `${pick(JOURNALS)}` : `${pick(FORMS)}${pick(words)}`;
    const edition = journal
      ? ''
      : `${1 + Math.floor(rand() * 6)}th edition`.replace(/^1th/, '1st').replace(/^2th/, '2nd').replace(/^3th/, '3rd');
    if (used.has(`${name}|${edition}`))
      name = `${name}${journal ? ` Vol. ${i}` : ` (${pick(['Vol. I', 'Vol. II', 'Revised', 'SI Units'])})`}`;
    used.add(`${name}|${edition}`);
    titles.push({
      college_id: college.id,
      title: name,
      subtitle: '',
      authors: journal ? '' : [pick(AUTHORS), ...(rand() < 0.3 ? [pick(AUTHORS)] : [])].join('; '),
      isbn: journal ? null : isbnFor(seed * 100_000 + i),
      publisher: pick(PUBLISHERS),
      year: 1995 + Math.floor(rand() * 30),
      edition,
      subjects: subject,
      call_number: `${ddc}${journal ? '' : `.${Math.floor(rand() * 90) + 10}`} ${name
        .replace(/^(A |The )/, '')
        .slice(0, 3)
        .toUpperCase()}`,
      language: 'English',
      pages: journal ? null : 200 + Math.floor(rand() * 700),
      item_type: journal ? 'journal' : i % 25 === 0 ? 'reference' : 'book',
      created_at: now,
      updated_at: now,
    });
  }
  await insertChunked(db, 'library_titles', titles, 300);
  const titleRows = await db
    .selectFrom('library_titles')
    .select(['id', 'item_type'])
    .where('college_id', '=', college.id)
    .orderBy('id')
    .execute();

  const copies = [];
  let acc = 0;
  for (const t of titleRows) {
    const n = t.item_type === 'journal' ? 1 : 1 + Math.floor(rand() * 3);
    for (let k = 0; k < n; k++) {
      copies.push({
        college_id: college.id,
        title_id: t.id,
        accession_no: String(++acc).padStart(6, '0'),
        shelf_location: `Stack ${'ABCDEFGH'[Math.floor(rand() * 8)]}-${1 + Math.floor(rand() * 12)}`,
        status: rand() < 0.01 ? 'damaged' : 'available',
        hold_id: null,
        price: (150 + Math.floor(rand() * 850)) * 100,
        vendor: pick(VENDORS),
        acquired_on: addDays(today, -Math.floor(rand() * 3000)),
        created_at: now,
      });
    }
  }
  await insertChunked(db, 'library_copies', copies, 300);
  await db.insertInto('counters').values({ college_id: college.id, name: 'library_accession', value: acc }).execute();
  const copyRows = await db
    .selectFrom('library_copies')
    .innerJoin('library_titles', 'library_titles.id', 'library_copies.title_id')
    .select(['library_copies.id', 'library_copies.title_id', 'library_copies.price', 'library_titles.item_type'])
    .where('library_copies.college_id', '=', college.id)
    .where('library_copies.status', '=', 'available')
    .where('library_titles.item_type', '=', 'book')
    .orderBy('library_copies.id')
    .execute();

  // Loans: every 7th lendable copy, to students in turn, in four states.
  const students = await db
    .selectFrom('students')
    .select(['id', 'roll_no'])
    .where('college_id', '=', college.id)
    .orderBy('id')
    .execute();
  const loans: Array<Omit<DB['library_loans'], 'id'>> = [];
  const fines: Array<{ loanIndex: number; s: { id: number; roll_no: string }; amount: number; days: number; paid: boolean }> = [];
  const onLoan: number[] = [];
  const loanTitleOf = new Map<number, number>();
  const lent = copyRows.filter((_, i) => i % 7 === 3).slice(0, college === ctx.main ? 420 : 120);
  lent.forEach((c, i) => {
    const s = students[1 + ((i * 7) % (students.length - 1))];
    const state = i % 4; // 0 current, 1 overdue, 2 returned late, 3 returned on time
    const issued = addDays(today, state === 0 ? -(i % 10) : state === 1 ? -(25 + (i % 20)) : -(40 + (i % 60)));
    const due = addDays(issued, 14);
    const returned = state === 2 ? addDays(due, 2 + (i % 9)) : state === 3 ? addDays(issued, 3 + (i % 10)) : null;
    if (!returned) onLoan.push(c.id);
    loanTitleOf.set(c.id, c.title_id);
    loans.push({
      college_id: college.id,
      copy_id: c.id,
      title_id: c.title_id,
      patron_code: s.roll_no,
      patron_kind: 'student',
      student_id: s.id,
      category: 'UG',
      issued_on: issued,
      due_on: due,
      returned_on: returned,
      renewals: 0,
      status: returned ? 'returned' : 'open',
      issued_by: college.users.get('libraryassistant') ?? null,
      returned_by: returned ? (college.users.get('libraryassistant') ?? null) : null,
      created_at: now,
    });
    if (state === 2) {
      const days = 2 + (i % 9);
      const paid = i % 3 !== 0;
      fines.push({ loanIndex: loans.length - 1, s, amount: Math.min(days * 100, c.price), days, paid });
    }
  });
  // The demo student: two current loans, one overdue, one returned late with an unpaid fine.
  const demo = students[0];
  const demoCopies = copyRows.filter((_, i) => i % 7 === 5).slice(0, 4);
  demoCopies.forEach((c, k) => {
    const issued = addDays(today, k < 2 ? -3 - k : k === 2 ? -24 : -50);
    const due = addDays(issued, 14);
    const returned = k === 3 ? addDays(due, 5) : null;
    if (!returned) onLoan.push(c.id);
    loans.push({
      college_id: college.id,
      copy_id: c.id,
      title_id: c.title_id,
      patron_code: demo.roll_no,
      patron_kind: 'student',
      student_id: demo.id,
      category: 'UG',
      issued_on: issued,
      due_on: due,
      returned_on: returned,
      renewals: k === 0 ? 1 : 0,
      status: returned ? 'returned' : 'open',
      issued_by: college.users.get('libraryassistant') ?? null,
      returned_by: returned ? (college.users.get('libraryassistant') ?? null) : null,
      created_at: now,
    });
    if (returned) fines.push({ loanIndex: loans.length - 1, s: demo, amount: 500, days: 5, paid: false });
  });
  await insertChunked(db, 'library_loans', loans, 200);
  const loanRows = await db.selectFrom('library_loans').select('id').where('college_id', '=', college.id).orderBy('id').execute();
  for (let i = 0; i < onLoan.length; i += 300) {
    await db
      .updateTable('library_copies')
      .set({ status: 'on_loan' })
      .where('id', 'in', onLoan.slice(i, i + 300))
      .execute();
  }
  let receipt = 0;
  await insertChunked(
    db,
    'library_fines',
    fines.map((f) => ({
      college_id: college.id,
      patron_code: f.s.roll_no,
      patron_kind: 'student',
      student_id: f.s.id,
      loan_id: loanRows[f.loanIndex].id,
      kind: 'overdue',
      amount: f.amount,
      overdue_days: f.days,
      status: f.paid ? 'paid' : 'unpaid',
      receipt_no: f.paid ? ++receipt : null,
      document_code: null,
      paid_at: f.paid ? now : null,
      settled_by: f.paid ? (college.users.get('libraryassistant') ?? null) : null,
      waive_reason: '',
      created_at: now,
      paid_amount: f.paid ? f.amount : 0,
    })),
  );
  await db.insertInto('counters').values({ college_id: college.id, name: 'library_receipt', value: receipt }).execute();

  // Waiting lists on titles whose copies are all out: single-copy titles now on loan.
  const copiesPerTitle = new Map<number, number>();
  copies.forEach((c) => copiesPerTitle.set(c.title_id, (copiesPerTitle.get(c.title_id) ?? 0) + 1));
  const heldTitles = [
    ...new Set(onLoan.map((id) => loanTitleOf.get(id)).filter((t): t is number => !!t && copiesPerTitle.get(t) === 1)),
  ].slice(0, 12);
  const holds: Array<Omit<DB['library_holds'], 'id'>> = [];
  heldTitles.forEach((titleId, i) => {
    for (let k = 0; k < 1 + (i % 3); k++) {
      const s = students[(i * 13 + k * 5 + 40) % students.length];
      holds.push({
        college_id: college.id,
        title_id: titleId,
        patron_code: s.roll_no,
        patron_kind: 'student',
        status: 'waiting',
        copy_id: null,
        placed_at: new Date(Date.now() - (30 - i - k) * 3600_000).toISOString(),
        ready_on: null,
        expires_on: null,
        closed_at: null,
      });
    }
  });
  if (heldTitles[0]) Object.assign(holds[0], { patron_code: demo.roll_no });
  await insertChunked(db, 'library_holds', holds, 200);

  // One copy waiting on the hold shelf for a student.
  const shelfCopy = copyRows.find((c, i) => i % 7 === 1 && copiesPerTitle.get(c.title_id) === 1);
  if (shelfCopy) {
    const s = students[11 % students.length];
    const { id } = await db
      .insertInto('library_holds')
      .values({
        college_id: college.id,
        title_id: shelfCopy.title_id,
        patron_code: s.roll_no,
        patron_kind: 'student',
        status: 'ready',
        copy_id: shelfCopy.id,
        placed_at: new Date(Date.now() - 5 * 86_400_000).toISOString(),
        ready_on: addDays(today, -1),
        expires_on: addDays(today, 2),
        closed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.updateTable('library_copies').set({ status: 'on_hold_shelf', hold_id: id }).where('id', '=', shelfCopy.id).execute();
  }
}
