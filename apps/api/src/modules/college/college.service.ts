import {
  CIPHER_TYPE_MSG,
  MSG,
  decryptText,
  encryptText,
  summaryFiguresFor,
  type SummaryFigure,
  type TAppConfig,
  type TDashboardSummary,
} from '@erp/shared';
import type { Config } from '../../config.js';
import type { Database } from '../../db/index.js';
import { indianDate } from '../../lib/clock.js';
import { badRequest } from '../../lib/errors.js';
import { collectedThisYear } from '../accounts/index.js';
import { facultyInService } from '../faculty/index.js';
import { studentsOnRolls } from '../masters/index.js';
import type { RequestCollege } from '../../plugins/types.js';
import * as repo from './college.repo.js';

export async function logoData(db: Database, collegeId: number) {
  const college = await repo.collegeById(db, collegeId);
  return { Logo: college.logo_base64, Banner: college.banner_base64 };
}

export async function contactData(db: Database, collegeId: number) {
  const [college, phones, contacts] = await Promise.all([
    repo.collegeById(db, collegeId),
    repo.phones(db, collegeId),
    repo.contacts(db, collegeId),
  ]);
  return [
    {
      collegeName: college.name,
      postalAddress: college.address,
      officialCommunication: college.official_communication,
      campus: college.campus,
      phoneNumber: phones,
      faxNumber: college.fax_number,
      candidateDetails: contacts,
      aboutUs: college.about_us,
    },
  ];
}

/** getDecryptedValue: the spec's messages for empty input; any cipher failure is a 400, never a 500. */
export function cipherTool(content: string | undefined, type: string | undefined, key: string): string {
  if (type !== 'decrypt' && type !== 'encrypt') throw badRequest(CIPHER_TYPE_MSG);
  const value = (content ?? '').trim();
  if (!value) throw badRequest(type === 'decrypt' ? MSG.enterEncryptedValue : MSG.enterPlainText);
  try {
    return type === 'decrypt' ? decryptText(value, key) : encryptText(value, key);
  } catch {
    throw badRequest(MSG.decryptError);
  }
}

/**
 * The role dashboards' figures, each read from its owner: students on the rolls (masters), faculty
 * in service (faculty), this financial year's collection (the accounts ledger). Only the figures
 * the role may see are read: students and parents never see the college's counts or collections.
 */
export async function dashboardSummary(db: Database, collegeId: number, roles: readonly string[]): Promise<TDashboardSummary> {
  const figures = summaryFiguresFor(roles);
  const money = figures.includes('paymentsTotal') ? collectedThisYear(db, collegeId) : null;
  const read: Record<SummaryFigure, () => Promise<number>> = {
    students: async () => (await studentsOnRolls(db, collegeId, indianDate(new Date()))).count,
    faculty: () => facultyInService(db, collegeId),
    departments: () => repo.departmentCount(db, collegeId),
    admissions: () => repo.admissionCount(db, collegeId),
    examTitles: () => repo.publishedExamCount(db, collegeId),
    payments: async () => (await money!).receipts,
    paymentsTotal: async () => (await money!).amountPaise,
  };
  const values = await Promise.all(figures.map((f) => read[f]()));
  return Object.fromEntries(figures.map((f, i) => [f, values[i]])) as TDashboardSummary;
}

/** What the web app needs before anyone signs in. The cipher key is public by design (see cipher.ts). */
export function appConfig(college: RequestCollege, cfg: Config): TAppConfig {
  return {
    collegeCode: college.code,
    collegeName: college.name,
    selfRegistrationOpen: cfg.SELF_REGISTRATION,
    cipherKey: cfg.CIPHER_KEY,
    paymentGateway: cfg.PAYMENT_GATEWAY,
    links: { exams: cfg.EXAMS_URL, obe: cfg.OBE_URL, results: cfg.RESULTS_URL },
  };
}
