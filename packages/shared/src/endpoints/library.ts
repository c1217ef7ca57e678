import { z } from 'zod';
import { ZIdParams, ZMessage } from '../common-schemas.js';
import {
  ZBarcodeParams,
  ZCardsQuery,
  ZCopiesAdded,
  ZCopiesInput,
  ZCopyHistory,
  ZCopyUpdate,
  ZCopyUpdated,
  ZFinePayment,
  ZFineSettled,
  ZHold,
  ZHoldCancel,
  ZHoldRequest,
  ZHoldShelf,
  ZLabelsQuery,
  ZLibraryImportReport,
  ZLibraryReport,
  ZLibraryStats,
  ZLoan,
  ZLoanRequest,
  ZOpacSubjects,
  ZOpacTitle,
  ZPatronMatches,
  ZPatronOverride,
  ZPatronOverrideDetail,
  ZPatronOverrideInput,
  ZPatronOverrideRemove,
  ZPatronParams,
  ZPatronSearch,
  ZPatronView,
  ZReportQuery,
  ZReturnRequest,
  ZReturnResult,
  ZRules,
  ZRulesInput,
  ZTitleDetail,
  ZTitleInput,
  ZTitleList,
  ZTitleSaved,
  ZTitleSearch,
  ZWaiveRequest,
} from '../library-schemas.js';
import { defineEndpoint as e } from './define.js';

const file = (mime: string) => z.any().describe(mime);
const PDF = file('application/pdf');
const XLSX = file('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');

/** The library: catalogue, circulation desk, holds, fines, labels, OPAC, imports and reports. */
export const libraryEndpoints = {
  // Catalogue
  titles: e({ method: 'GET', path: '/api/library/titles', query: ZTitleSearch, response: ZTitleList }),
  opac: e({ method: 'GET', path: '/api/library/opac', query: ZTitleSearch, response: ZTitleList }),
  title: e({ method: 'GET', path: '/api/library/titles/:id', params: ZIdParams, response: ZTitleDetail }),
  createTitle: e({ method: 'POST', path: '/api/library/titles', body: ZTitleInput, response: ZTitleSaved }),
  editTitle: e({ method: 'PUT', path: '/api/library/titles/:id', params: ZIdParams, body: ZTitleInput, response: ZTitleSaved }),
  addCopies: e({
    method: 'POST',
    path: '/api/library/titles/:id/copies',
    params: ZIdParams,
    body: ZCopiesInput,
    response: ZCopiesAdded,
  }),
  editCopy: e({ method: 'PUT', path: '/api/library/copies/:id', params: ZIdParams, body: ZCopyUpdate, response: ZCopyUpdated }),
  copyHistory: e({ method: 'GET', path: '/api/library/copies/:barcode/history', params: ZBarcodeParams, response: ZCopyHistory }),

  // Rules
  rules: e({ method: 'GET', path: '/api/library/rules', response: ZRules }),
  saveRules: e({ method: 'PUT', path: '/api/library/rules', body: ZRulesInput, response: ZRules }),

  // Circulation
  issue: e({ method: 'POST', path: '/api/library/loans', body: ZLoanRequest, response: ZLoan }),
  returnCopy: e({ method: 'POST', path: '/api/library/returns', body: ZReturnRequest, response: ZReturnResult }),
  renew: e({ method: 'POST', path: '/api/library/loans/:id/renew', params: ZIdParams, response: ZLoan }),
  markLost: e({ method: 'POST', path: '/api/library/loans/:id/lost', params: ZIdParams, response: ZReturnResult }),
  patron: e({ method: 'GET', path: '/api/library/patrons/:patron', params: ZPatronParams, response: ZPatronView }),
  saveOverride: e({
    method: 'PUT',
    path: '/api/library/patrons/:patron/override',
    params: ZPatronParams,
    body: ZPatronOverrideInput,
    response: ZPatronOverride,
  }),
  override: e({
    method: 'GET',
    path: '/api/library/patrons/:patron/override',
    params: ZPatronParams,
    response: ZPatronOverrideDetail,
  }),
  removeOverride: e({
    method: 'DELETE',
    path: '/api/library/patrons/:patron/override',
    params: ZPatronParams,
    body: ZPatronOverrideRemove,
    response: ZPatronOverride,
  }),
  me: e({ method: 'GET', path: '/api/library/me', response: ZPatronView }),
  stats: e({ method: 'GET', path: '/api/library/stats', response: ZLibraryStats }),

  // Holds
  placeHold: e({ method: 'POST', path: '/api/library/holds', body: ZHoldRequest, response: ZHold }),
  cancelHold: e({ method: 'DELETE', path: '/api/library/holds', body: ZHoldCancel, response: ZMessage }),
  holdShelf: e({ method: 'GET', path: '/api/library/holds/shelf', response: ZHoldShelf }),

  // Fines (no body to pay: cash, as before the desk asked for the mode)
  payFine: e({
    method: 'POST',
    path: '/api/library/fines/:id/pay',
    params: ZIdParams,
    body: z.preprocess((v) => v ?? { mode: 'cash' }, ZFinePayment),
    response: ZFineSettled,
  }),
  waiveFine: e({
    method: 'POST',
    path: '/api/library/fines/:id/waive',
    params: ZIdParams,
    body: ZWaiveRequest,
    response: ZFineSettled,
  }),
  fineReceipt: e({ method: 'GET', path: '/api/library/fines/:id/receipt.pdf', params: ZIdParams, response: PDF }),

  // Labels, reports, exports, import
  labels: e({ method: 'GET', path: '/api/library/labels.pdf', query: ZLabelsQuery, response: PDF }),
  cards: e({ method: 'GET', path: '/api/library/cards.pdf', query: ZCardsQuery, response: PDF }),
  report: e({ method: 'GET', path: '/api/library/reports', query: ZReportQuery, response: ZLibraryReport }),
  overdueWorkbook: e({ method: 'GET', path: '/api/library/reports/overdue.xlsx', response: XLSX }),
  catalogueMarc: e({ method: 'GET', path: '/api/library/catalogue.mrc', response: file('application/marc') }),
  catalogueMarcXml: e({ method: 'GET', path: '/api/library/catalogue.xml', response: file('application/marcxml+xml') }),
  import: e({ method: 'POST', path: '/api/library/import', multipart: true, response: ZLibraryImportReport }),

  // OPAC title page and subjects (public), the desk's patron search
  opacTitle: e({ method: 'GET', path: '/api/library/opac/titles/:id', params: ZIdParams, response: ZOpacTitle }),
  opacSubjects: e({ method: 'GET', path: '/api/library/opac/subjects', response: ZOpacSubjects }),
  patronSearch: e({ method: 'GET', path: '/api/library/patrons', query: ZPatronSearch, response: ZPatronMatches }),
};
