import { z } from 'zod';
import {
  ZAdmissionFormData,
  ZAdmissionIntakes,
  ZAdmissionIntakesQuery,
  ZAdmissionIntakesSave,
  ZAdmissionPdf,
  ZAdmissionSaved,
  ZAdmissionSaveParts,
  ZAdmissionSaveQuery,
  ZAdmissionSettings,
  ZAdmissionsSummary,
  ZApplicationPage,
  ZApplicationQuery,
  ZBatchesQuery,
  ZBranchesQuery,
  ZCourseList,
  ZKeyValueList,
  ZKeyValueQuery,
  ZNextAdmissionNumber,
  ZNormalDataQuery,
  ZSeatTypeList,
  ZSemestersQuery,
  ZSubCasteParams,
} from '../admission-schemas.js';
import { binaryResponse, ZIdParam, ZStringList } from '../common-schemas.js';
import {
  ZApplicationAccepted,
  ZApplicationOptions,
  ZApplicationReceipt,
  ZApplicationRejected,
  ZApplicationRejection,
  ZApplicationStatus,
  ZApplicationStatusQuery,
  ZOnlineApplicationPage,
  ZOnlineApplicationParts,
  ZOnlineApplicationQuery,
} from '../online-application-schemas.js';
import { defineEndpoint as e } from './define.js';

const A = '/api/admissions';
const PUBLIC = '/api/public/applications';
const OFFICE = `${A}/online-applications`;
const V1 = '/api/v1';

/**
 * Admissions: the applications list and dashboard panel, the public online application with its
 * status page, and the office's queue. The legacy contract's admission calls (/api/v1/...) the
 * screens make are defined too, as they are, so the web calls them by name (typed-endpoints guard
 * checks their routes use these schemas).
 */
export const admissionEndpoints = {
  settings: e({ method: 'GET', path: `${A}/settings`, response: ZAdmissionSettings }),
  pdf: e({
    method: 'GET',
    path: `${A}/:id/pdf`,
    params: z.object({ id: z.coerce.number().int().positive() }),
    response: ZAdmissionPdf,
  }),
  applications: e({ method: 'GET', path: `${A}/applications`, query: ZApplicationQuery, response: ZApplicationPage }),
  summary: e({ method: 'GET', path: `${A}/summary`, response: ZAdmissionsSummary }),
  intakes: e({ method: 'GET', path: `${A}/intakes`, query: ZAdmissionIntakesQuery, response: ZAdmissionIntakes }),
  saveIntakes: e({ method: 'PUT', path: `${A}/intakes`, body: ZAdmissionIntakesSave, response: ZAdmissionIntakes }),

  applicationOptions: e({ method: 'GET', path: `${PUBLIC}/options`, response: ZApplicationOptions }),
  /** the applicant's fields (JSON part "application"), the photo and the documents */
  submitApplication: e({ method: 'POST', path: PUBLIC, multipart: ZOnlineApplicationParts, response: ZApplicationReceipt }),
  applicationStatus: e({
    method: 'GET',
    path: `${PUBLIC}/status`,
    query: ZApplicationStatusQuery,
    response: ZApplicationStatus,
  }),
  onlineApplications: e({ method: 'GET', path: OFFICE, query: ZOnlineApplicationQuery, response: ZOnlineApplicationPage }),
  applicationFile: e({
    method: 'GET',
    path: `${OFFICE}/:id/files/:fileId`,
    params: z.object({ id: z.coerce.number().int().positive(), fileId: z.coerce.number().int().positive() }),
    response: binaryResponse('application/pdf, image/jpeg or image/png'),
  }),
  accept: e({ method: 'POST', path: `${OFFICE}/:id/accept`, params: ZIdParam, response: ZApplicationAccepted }),
  reject: e({
    method: 'POST',
    path: `${OFFICE}/:id/reject`,
    params: ZIdParam,
    body: ZApplicationRejection,
    response: ZApplicationRejected,
  }),

  // Legacy contract calls, registered in lookups.routes.ts with these same schemas.
  admissionTypes: e({ method: 'GET', path: '/api/v1/getAdmissionTypes', response: ZStringList }),
  castes: e({ method: 'GET', path: '/api/v1/getAllCasteCatogeries', response: ZStringList }),
  agents: e({ method: 'GET', path: '/api/v1/getAgentsForDropdown', response: ZStringList }),
  courses: e({ method: 'GET', path: `${V1}/courses/view`, response: ZCourseList }),
  batches: e({ method: 'GET', path: `${V1}/getBatchesByDegrees`, query: ZBatchesQuery, response: ZStringList }),
  branches: e({ method: 'GET', path: `${V1}/getBranchesShortForms`, query: ZBranchesQuery, response: ZStringList }),
  semesters: e({
    method: 'GET',
    path: `${V1}/getDistinct/SemesterMaintenanceSemesters`,
    query: ZSemestersQuery,
    response: ZStringList,
  }),
  subCastes: e({ method: 'GET', path: `${V1}/getAllSubCastesByCaste/:caste`, params: ZSubCasteParams, response: ZStringList }),
  seatTypes: e({ method: 'GET', path: `${V1}/getSeatTypes`, response: ZSeatTypeList }),
  keyValues: e({ method: 'GET', path: `${V1}/getKeyValuePair`, query: ZKeyValueQuery, response: ZKeyValueList }),

  // The form's legacy calls, registered in admissions.routes.ts.
  /** text: the next admission number */
  nextNumber: e({ method: 'GET', path: `${V1}/generateAdmistionNumber`, response: ZNextAdmissionNumber }),
  formData: e({ method: 'GET', path: `${V1}/getNormalData`, query: ZNormalDataQuery, response: ZAdmissionFormData }),
  /** the JSON part applicationFormData and the photo part imageUpload */
  save: e({
    method: 'POST',
    path: `${V1}/saveApplicationFormData`,
    query: ZAdmissionSaveQuery,
    multipart: ZAdmissionSaveParts,
    response: ZAdmissionSaved,
  }),
};
