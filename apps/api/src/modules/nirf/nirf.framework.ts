/**
 * NIRF (engineering category) as DATA, from the published methodology (India Rankings, ranking
 * metrics for Engineering). Heads and their share of the total: TLR 0.30, RP 0.30, GO 0.20,
 * OI 0.10, PR 0.10, each out of 100:
 *   TLR = SS 20 + FSR 30 + FQE 20 + FRU 30      RP = PU 35 + QP 40 + IPR 15 + FPPP 10
 *   GO  = GPH 40 + GUE 15 + GMS 25 + GPHD 20     OI = RD 30 + WD 30 + ESCS 20 + PCS 20     PR = 100
 * The formulas as published:
 *   FSR = 30 × [15 × (F/N)], N = NT + NP (NT: total sanctioned intake, all UG and PG programmes;
 *         NP: Ph.D. scholars); F counts full-time regular faculty with a Ph.D. or M.E./M.Tech. (a
 *         bachelor's degree is not counted); 1:15 gets the full 30; for F/N < 1:50, FSR = 0.
 *   FQE = FQ + FE; FQ = 10 × (FRA/95) for FRA < 95 %, else 10, FRA being the faculty with a
 *         Ph.D. as a percentage of the faculty required (N/15) or the actual faculty, whichever is
 *         higher; FE = 3 min(3F1, 1) + 3 min(3F2, 1) + 4 min(3F3, 1), F1, F2, F3 the fractions of
 *         faculty with up to 8, 8+ to 15 and over 15 years of experience.
 *   GPH = 40 × (Np/100 + Nhs/100): the percentages of graduating students placed and selected for
 *         higher studies (previous three years).
 *   GUE = 15 × min(Ng/80, 1): Ng the percentage of students (as a fraction of the approved intake)
 *         passing the university examinations in the stipulated time, averaged over three years.
 *   RD  = 25 × fraction of students from other states + 5 × fraction from other countries.
 *   WD  = 15 × (NWS/50) + 15 × (NWF/20): women students and women faculty as percentages; 50 %
 *         and 20 % are what NIRF expects (full marks).
 * SS, FRU, GMS, GPHD and ESCS are f(·) "to be determined by NIRF" (scaled against every
 * institution), PU, QP, IPR and FPPP come from NIRF's own bibliometric sources, PCS and PR from
 * questionnaires and surveys: the portal captures their figures and does not score them.
 */
export interface ScoreDefinition {
  id: string;
  parameter: string;
  title: string;
  /** the expression evaluated over the inputs (see naac/expr.ts); `weight` is the marks */
  formula: string;
  /** the published formula, as NIRF writes it; {w} is the marks for the year */
  methodology: string;
  defaultWeight: number;
  /** the symbol each input stands for in the methodology */
  symbols: Record<string, string>;
  /**
   * Inputs NIRF averages over the previous three years (the data year and the two before it; for
   * graduation outcomes, its three graduating batches): the mean of the years that have a value.
   */
  averaged?: string[];
  /** the score is 0 when this ratio is below `min` (FSR below 1:50) */
  zeroBelow?: { ratio: string; min: number; words: string };
}

export const NIRF_CATEGORY = 'Engineering';

/** NT + NP: the N of FSR and of FQE's faculty required (N/15). */
const N = '(sanctioned_total + phd_scholars)';

export const NIRF_SCORES: ScoreDefinition[] = [
  {
    id: 'FSR',
    parameter: 'TLR',
    title: 'Faculty-student ratio with emphasis on permanent faculty (expected 1:15)',
    formula: `weight * min(15 * faculty / ${N}, 1)`,
    methodology: 'FSR = {w} × [15 × (F/N)], at most {w} (1:15), N = NT + NP; 0 when F/N < 1:50',
    defaultWeight: 30,
    symbols: { faculty: 'F', sanctioned_total: 'NT', phd_scholars: 'NP' },
    averaged: ['faculty', 'sanctioned_total', 'phd_scholars'],
    zeroBelow: { ratio: `faculty / ${N}`, min: 1 / 50, words: 'F/N is below 1:50' },
  },
  {
    id: 'FQE',
    parameter: 'TLR',
    title: 'Faculty with Ph.D. and experience',
    formula: `weight / 20 * (10 * min(100 * phd_faculty / max(${N} / 15, faculty) / 95, 1) + 3 * min(3 * exp_upto8_fraction, 1) + 3 * min(3 * exp_8to15_fraction, 1) + 4 * min(3 * exp_above15_fraction, 1))`,
    methodology:
      'FQE = FQ + FE, FQ = 10 × min(FRA/95, 1), FRA = 100 × Ph.D. faculty / max(N/15, F); FE = 3 × min(3F1, 1) + 3 × min(3F2, 1) + 4 × min(3F3, 1)',
    defaultWeight: 20,
    symbols: {
      phd_faculty: 'Ph.D. faculty',
      sanctioned_total: 'NT',
      phd_scholars: 'NP',
      faculty: 'F',
      exp_upto8_fraction: 'F1',
      exp_8to15_fraction: 'F2',
      exp_above15_fraction: 'F3',
    },
    averaged: ['phd_faculty', 'sanctioned_total', 'phd_scholars', 'faculty'],
  },
  {
    id: 'GPH',
    parameter: 'GO',
    title: 'Placement and higher studies',
    formula: 'weight * min((placed_percent + higher_studies_percent) / 100, 1)',
    methodology: 'GPH = {w} × (Np/100 + Nhs/100), at most {w}',
    defaultWeight: 40,
    symbols: { placed_percent: 'Np', higher_studies_percent: 'Nhs' },
    averaged: ['placed_percent', 'higher_studies_percent'],
  },
  {
    id: 'GUE',
    parameter: 'GO',
    title: 'University examinations: graduating in the stipulated time',
    formula: 'weight * min(graduated_percent / 80, 1)',
    methodology: 'GUE = {w} × min(Ng/80, 1)',
    defaultWeight: 15,
    symbols: { graduated_percent: 'Ng' },
    averaged: ['graduated_percent'],
  },
  {
    id: 'RD',
    parameter: 'OI',
    title: 'Regional diversity',
    formula: 'weight / 30 * (25 * other_states / students_total + 5 * other_countries / students_total)',
    methodology: 'RD = 25 × (other-state students / NE) + 5 × (other-country students / NE)',
    defaultWeight: 30,
    symbols: { other_states: 'other-state students', students_total: 'NE', other_countries: 'other-country students' },
  },
  {
    id: 'WD',
    parameter: 'OI',
    title: 'Women diversity',
    formula: 'weight / 30 * (15 * min(women_students_percent / 50, 1) + 15 * min(women_faculty_percent / 20, 1))',
    methodology: 'WD = 15 × min(NWS/50, 1) + 15 × min(NWF/20, 1)',
    defaultWeight: 30,
    symbols: { women_students_percent: 'NWS', women_faculty_percent: 'NWF' },
  },
];

/** The five heads, their weights and every parameter's marks; what the portal cannot score, and why. */
const byNirf = 'f(·) is scaled by NIRF against every institution: figures captured, not scored';
export const NIRF_HEADS = [
  {
    id: 'TLR',
    title: 'Teaching, Learning & Resources',
    weight: 0.3,
    parameters: [
      { id: 'SS', title: 'Student strength including doctoral students', marks: 20, note: byNirf },
      { id: 'FSR', title: 'Faculty-student ratio', marks: 30, note: '' },
      { id: 'FQE', title: 'Faculty with Ph.D. and experience', marks: 20, note: '' },
      { id: 'FRU', title: 'Financial resources and their utilisation', marks: 30, note: byNirf },
    ],
  },
  {
    id: 'RP',
    title: 'Research and Professional Practice',
    weight: 0.3,
    parameters: [
      { id: 'PU', title: 'Publications', marks: 35, note: 'From NIRF’s bibliometric sources, scaled by NIRF' },
      { id: 'QP', title: 'Quality of publications', marks: 40, note: 'From NIRF’s bibliometric sources, scaled by NIRF' },
      { id: 'IPR', title: 'Patents published and granted', marks: 15, note: byNirf },
      { id: 'FPPP', title: 'Footprint of projects and professional practice', marks: 10, note: byNirf },
    ],
  },
  {
    id: 'GO',
    title: 'Graduation Outcomes',
    weight: 0.2,
    parameters: [
      { id: 'GPH', title: 'Placement and higher studies', marks: 40, note: '' },
      { id: 'GUE', title: 'University examinations', marks: 15, note: '' },
      { id: 'GMS', title: 'Median salary', marks: 25, note: byNirf },
      { id: 'GPHD', title: 'Ph.D. students graduated', marks: 20, note: byNirf },
    ],
  },
  {
    id: 'OI',
    title: 'Outreach and Inclusivity',
    weight: 0.1,
    parameters: [
      { id: 'RD', title: 'Regional diversity', marks: 30, note: '' },
      { id: 'WD', title: 'Women diversity', marks: 30, note: '' },
      { id: 'ESCS', title: 'Economically and socially challenged students', marks: 20, note: byNirf },
      { id: 'PCS', title: 'Facilities for physically challenged students', marks: 20, note: 'Answers to NIRF’s questions' },
    ],
  },
  {
    id: 'PR',
    title: 'Perception',
    weight: 0.1,
    parameters: [{ id: 'PR', title: 'Peer perception: employers and academic peers', marks: 100, note: 'NIRF’s survey' }],
  },
];

export const NIRF_INPUT_LABELS: Record<string, string> = {
  weight: 'Marks (weight) for the year',
  faculty: 'Full-time faculty with a Ph.D. or master’s degree',
  sanctioned_total: 'Sanctioned intake, all years of study',
  phd_scholars: 'Ph.D. scholars enrolled',
  students_total: 'Students on the rolls',
  phd_faculty: 'Full-time faculty with a Ph.D.',
  exp_upto8_fraction: 'Faculty with up to 8 years (fraction)',
  exp_8to15_fraction: 'Faculty with 8 to 15 years (fraction)',
  exp_above15_fraction: 'Faculty with over 15 years (fraction)',
  graduated_percent: 'Graduating batch: passed in the stipulated time (% of the approved intake)',
  placed_percent: 'Graduating batch: placed (% of those graduating)',
  higher_studies_percent: 'Graduating batch: higher studies (% of those graduating)',
  other_states: 'Students from other states',
  other_countries: 'Students from other countries',
  women_students_percent: 'Women students (%)',
  women_faculty_percent: 'Women faculty (%)',
  escs_percent: 'Students with full tuition fee reimbursement (%)',
};

/**
 * The three-year figures NIRF asks for, shown year by year with their mean: those behind the
 * scores above and those of parameters NIRF scores against every institution (SS, FRU, GMS,
 * ESCS), which the portal captures but cannot score.
 */
export const NIRF_AVERAGES: Array<{ key: string; label: string; usedIn: string }> = [
  { key: 'sanctioned_intake', label: 'Sanctioned intake of the year (NAAC inputs)', usedIn: 'SS, FSR, GUE' },
  { key: 'sanctioned_total', label: 'Sanctioned intake, all years of study (NT)', usedIn: 'SS (NT), FSR, FQE' },
  { key: 'phd_scholars', label: 'Ph.D. scholars enrolled (NP)', usedIn: 'SS (NP), FSR, FQE' },
  { key: 'students_total', label: 'Students on the rolls', usedIn: 'SS (NE), RD' },
  { key: 'faculty', label: 'Full-time faculty with a Ph.D. or master’s degree', usedIn: 'FSR, FQE' },
  { key: 'phd_faculty', label: 'Full-time faculty with a Ph.D.', usedIn: 'FQE' },
  { key: 'capital_per_student', label: 'Capital expenditure per student (₹)', usedIn: 'FRU (BC)' },
  { key: 'operational_per_student', label: 'Operational expenditure per student (₹)', usedIn: 'FRU (BO)' },
  {
    key: 'graduated_percent',
    label: 'Graduating batch: passed in the stipulated time (% of the approved intake)',
    usedIn: 'GUE',
  },
  { key: 'placed_percent', label: 'Graduating batch: placed (% of those graduating)', usedIn: 'GPH' },
  { key: 'higher_studies_percent', label: 'Graduating batch: higher studies (% of those graduating)', usedIn: 'GPH' },
  { key: 'median_salary', label: 'Graduating batch: median salary (₹)', usedIn: 'GMS' },
  { key: 'escs_percent', label: 'Students with full tuition fee reimbursement (%)', usedIn: 'ESCS' },
];

/** Figures the portal does not hold, entered by IQAC per year; weights default to NIRF's marks. */
export const NIRF_FIELDS = [
  {
    key: 'other_states',
    label: 'Students from other states',
    help: 'The admission form keeps no state of domicile',
    defaultValue: null,
  },
  { key: 'women_faculty', label: 'Women full-time faculty', help: 'The faculty register keeps no gender', defaultValue: null },
  {
    key: 'phd_scholars',
    label: 'Ph.D. scholars enrolled',
    help: 'NP of FSR: the portal keeps no doctoral register (none entered counts as 0)',
    defaultValue: null,
  },
  {
    key: 'salaries_lakh',
    label: 'Salaries paid (₹ lakh)',
    help: 'Operational expenditure the accounts module does not pay through bills',
    defaultValue: null,
  },
  ...NIRF_SCORES.map((s) => ({
    key: `weight.${s.id}`,
    label: `Marks for ${s.id}`,
    help: s.title,
    defaultValue: s.defaultWeight,
  })),
];

/** Bill descriptions with any of these words count as capital expenditure; the rest as operational. */
export const CAPITAL_WORDS = [
  'equipment',
  'computer',
  'laptop',
  'furniture',
  'laboratory',
  'lab ',
  'construction',
  'building',
  'machinery',
  'software licence',
  'vehicle',
];

/** Annual family income (₹) at or below which an admitted student counts as economically backward. */
export const ECONOMIC_INCOME_LIMIT = 250_000;
