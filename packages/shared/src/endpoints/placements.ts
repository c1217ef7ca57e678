import { z } from 'zod';
import { ZOk } from '../common-schemas.js';
import {
  ZApplication,
  ZApplyBody,
  ZCompany,
  ZCompanyCreate,
  ZDrive,
  ZDriveCreate,
  ZDriveDetail,
  ZDriveListQuery,
  ZEligibleList,
  ZHigherStudies,
  ZHigherStudiesDeclare,
  ZHigherStudiesPage,
  ZHigherStudiesQuery,
  ZHigherStudiesRecord,
  ZMyHigherStudies,
  ZMyPlacements,
  ZOffer,
  ZOfferCreate,
  ZPlacementId,
  ZPlacementPolicy,
  ZPlacementSettings,
  ZPlacementStats,
  ZRoundCreate,
  ZStatsQuery,
} from '../placement-schemas.js';
import { defineEndpoint as e } from './define.js';

const P = '/api/placements';
const XLSX = z.any().describe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
const ZBatchQuery = z.object({ batch: z.string().trim().max(20).optional() });

/** The placement cell: companies, drives and eligibility, applications, rounds, offers, statistics and exports. */
export const placementEndpoints = {
  settings: e({ method: 'GET', path: `${P}/settings`, response: ZPlacementSettings }),
  saveSettings: e({ method: 'PUT', path: `${P}/settings`, body: ZPlacementSettings, response: ZPlacementSettings }),
  /** the dean's policy screen: the settings with the students holding two offers and the audited changes */
  policy: e({ method: 'GET', path: `${P}/policy`, response: ZPlacementPolicy }),
  savePolicy: e({ method: 'PUT', path: `${P}/policy`, body: ZPlacementSettings, response: ZPlacementPolicy }),

  companies: e({ method: 'GET', path: `${P}/companies`, response: z.array(ZCompany) }),
  createCompany: e({ method: 'POST', path: `${P}/companies`, body: ZCompanyCreate, response: ZCompany }),

  drives: e({ method: 'GET', path: `${P}/drives`, query: ZDriveListQuery, response: z.array(ZDrive) }),
  createDrive: e({ method: 'POST', path: `${P}/drives`, body: ZDriveCreate, response: ZDrive }),
  drive: e({ method: 'GET', path: `${P}/drives/:id`, params: ZPlacementId, response: ZDriveDetail }),
  eligible: e({ method: 'GET', path: `${P}/drives/:id/eligible`, params: ZPlacementId, response: ZEligibleList }),
  addRound: e({
    method: 'POST',
    path: `${P}/drives/:id/rounds`,
    params: ZPlacementId,
    body: ZRoundCreate,
    response: ZDriveDetail,
  }),
  applicantsWorkbook: e({ method: 'GET', path: `${P}/drives/:id/applicants.xlsx`, params: ZPlacementId, response: XLSX }),
  /** JSON (the dean applying for a roll number, or a student without a resume) or multipart with a `resume` PDF */
  apply: e({
    method: 'POST',
    path: `${P}/drives/:id/applications`,
    params: ZPlacementId,
    body: ZApplyBody,
    multipart: true,
    response: ZApplication,
  }),

  offers: e({ method: 'GET', path: `${P}/offers`, query: ZBatchQuery, response: z.array(ZOffer) }),
  makeOffer: e({ method: 'POST', path: `${P}/offers`, body: ZOfferCreate, response: ZOffer }),
  offerLetter: e({
    method: 'GET',
    path: `${P}/offers/:id/letter`,
    params: ZPlacementId,
    response: z.any().describe('application/pdf'),
  }),
  uploadLetter: e({ method: 'POST', path: `${P}/offers/:id/letter`, params: ZPlacementId, multipart: true, response: ZOffer }),

  stats: e({ method: 'GET', path: `${P}/stats`, query: ZStatsQuery, response: ZPlacementStats }),
  registerWorkbook: e({ method: 'GET', path: `${P}/register.xlsx`, query: ZBatchQuery, response: XLSX }),

  // Higher studies: the dean's register (entered or verified), a student's own declaration
  higherStudies: e({ method: 'GET', path: `${P}/higher-studies`, query: ZHigherStudiesQuery, response: ZHigherStudiesPage }),
  enterHigherStudies: e({ method: 'POST', path: `${P}/higher-studies`, body: ZHigherStudies, response: ZHigherStudiesRecord }),
  higherStudiesWorkbook: e({
    method: 'GET',
    path: `${P}/higher-studies.xlsx`,
    query: ZHigherStudiesQuery.omit({ page: true, pageSize: true }),
    response: XLSX,
  }),
  myHigherStudies: e({ method: 'GET', path: `${P}/higher-studies/me`, response: ZMyHigherStudies }),
  declareHigherStudies: e({
    method: 'PUT',
    path: `${P}/higher-studies/me`,
    body: ZHigherStudiesDeclare,
    response: ZHigherStudiesRecord,
  }),
  verifyHigherStudies: e({
    method: 'POST',
    path: `${P}/higher-studies/:id/verify`,
    params: ZPlacementId,
    response: ZHigherStudiesRecord,
  }),
  removeHigherStudies: e({ method: 'DELETE', path: `${P}/higher-studies/:id`, params: ZPlacementId, response: ZOk }),
  evidence: e({
    method: 'GET',
    path: `${P}/higher-studies/:id/evidence`,
    params: ZPlacementId,
    response: z.any().describe('application/pdf, image/jpeg or image/png'),
  }),
  uploadEvidence: e({
    method: 'POST',
    path: `${P}/higher-studies/:id/evidence`,
    params: ZPlacementId,
    multipart: true,
    response: ZHigherStudiesRecord,
  }),

  me: e({ method: 'GET', path: `${P}/me`, response: ZMyPlacements }),
};
