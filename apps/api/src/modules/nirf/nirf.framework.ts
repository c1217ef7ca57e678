/**
 * NIRF (engineering category) as DATA: the parameter scores whose formulas depend only on the
 * institution's own figures, each a formula over named inputs with its marks ("weight") kept as
 * per-year configuration (IQAC may enter a revised weight for a year; the default applies
 * otherwise). Percentile-based parameters (FRU, GMS, publications' relative scores) need every
 * institution's data and are captured, not scored.
 */
export interface ScoreDefinition {
  id: string;
  parameter: string;
  title: string;
  formula: string;
  defaultWeight: number;
  /**
   * Inputs NIRF averages over the previous three years (the data year and the two before it; for
   * graduation outcomes, its three graduating batches): the mean of the years that have a value.
   */
  averaged?: string[];
}

export const NIRF_CATEGORY = 'Engineering';

export const NIRF_SCORES: ScoreDefinition[] = [
  {
    id: 'FSR',
    parameter: 'TLR',
    title: 'Faculty-student ratio (expected 1:15)',
    formula: 'weight * min(15 * faculty / students_total, 1)',
    defaultWeight: 30,
    averaged: ['faculty', 'students_total'],
  },
  {
    id: 'FQE',
    parameter: 'TLR',
    title: 'Faculty with Ph.D. and experience',
    formula:
      'weight * (0.5 * min(phd_percent / 95, 1) + 0.5 * (0.3 * min(3 * exp_upto8_fraction, 1) + 0.3 * min(3 * exp_8to15_fraction, 1) + 0.4 * min(3 * exp_above15_fraction, 1)))',
    defaultWeight: 20,
    averaged: ['phd_percent'],
  },
  {
    id: 'GUE',
    parameter: 'GO',
    title: 'Graduating in minimum time (university exams)',
    formula: 'weight * min(graduated_percent / 80, 1)',
    defaultWeight: 60,
    averaged: ['graduated_percent'],
  },
  {
    id: 'GPH',
    parameter: 'GO',
    title: 'Placement and higher studies',
    formula: 'weight * min((placed_percent + higher_studies_percent) / 100, 1)',
    defaultWeight: 40,
    averaged: ['placed_percent', 'higher_studies_percent'],
  },
  {
    id: 'RD',
    parameter: 'OI',
    title: 'Regional diversity',
    formula: 'weight / 30 * (25 * other_states / students_total + 5 * other_countries / students_total)',
    defaultWeight: 30,
  },
  {
    id: 'WD',
    parameter: 'OI',
    title: 'Women diversity',
    formula: 'weight / 30 * (15 * min(women_students_percent / 50, 1) + 15 * min(women_faculty_percent / 20, 1))',
    defaultWeight: 30,
  },
  {
    id: 'ESCS',
    parameter: 'OI',
    title: 'Economically and socially challenged students',
    formula: 'weight * min(escs_percent / 50, 1)',
    defaultWeight: 20,
    averaged: ['escs_percent'],
  },
];

export const NIRF_INPUT_LABELS: Record<string, string> = {
  weight: 'Marks (weight) for the year',
  faculty: 'Full-time faculty',
  students_total: 'Students on the rolls',
  phd_percent: 'Faculty with Ph.D. (%)',
  exp_upto8_fraction: 'Faculty with up to 8 years (fraction)',
  exp_8to15_fraction: 'Faculty with 8 to 15 years (fraction)',
  exp_above15_fraction: 'Faculty with over 15 years (fraction)',
  graduated_percent: 'Graduating batch: passed in minimum time (%)',
  placed_percent: 'Graduating batch: placed (%)',
  higher_studies_percent: 'Graduating batch: higher studies (%)',
  other_states: 'Students from other states',
  other_countries: 'Students from other countries',
  women_students_percent: 'Women students (%)',
  women_faculty_percent: 'Women faculty (%)',
  escs_percent: 'Students with full tuition fee reimbursement (%)',
};

/**
 * The three-year figures NIRF asks for, shown year by year with their mean: those behind the
 * scores above and those of parameters NIRF scores against every institution (SS, FRU, GMS), which
 * the portal captures but cannot score.
 */
export const NIRF_AVERAGES: Array<{ key: string; label: string; usedIn: string }> = [
  { key: 'sanctioned_intake', label: 'Sanctioned intake (NAAC inputs)', usedIn: 'SS (NT)' },
  { key: 'students_total', label: 'Students on the rolls', usedIn: 'SS (NE), FSR' },
  { key: 'faculty', label: 'Full-time faculty', usedIn: 'FSR' },
  { key: 'phd_percent', label: 'Faculty with Ph.D. (%)', usedIn: 'FQE' },
  { key: 'capital_per_student', label: 'Capital expenditure per student (₹)', usedIn: 'FRU (BC)' },
  { key: 'operational_per_student', label: 'Operational expenditure per student (₹)', usedIn: 'FRU (BO)' },
  { key: 'graduated_percent', label: 'Graduating batch: passed in minimum time (%)', usedIn: 'GUE' },
  { key: 'placed_percent', label: 'Graduating batch: placed (%)', usedIn: 'GPH' },
  { key: 'higher_studies_percent', label: 'Graduating batch: higher studies (%)', usedIn: 'GPH' },
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
