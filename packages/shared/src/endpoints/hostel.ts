import { z } from 'zod';
import { binaryResponse, ZIdParam } from '../common-schemas.js';
import {
  ZAllotmentCancel,
  ZAllotmentCancelResult,
  ZAllotmentCreate,
  ZAllotmentCreated,
  ZAllotmentDetail,
  ZAllotmentPage,
  ZAllotmentsQuery,
  ZApplicationCreate,
  ZApplicationList,
  ZApplicationsQuery,
  ZBedOffer,
  ZBedOfferQuery,
  ZBedReserve,
  ZBuildingCreate,
  ZBuildingList,
  ZBuildingStats,
  ZHostelApplication,
  ZHostelDecision,
  ZHostelMessage,
  ZHostelPayment,
  ZHostelPaymentResult,
  ZHostelSummary,
  ZMyHostel,
  ZOccupancy,
  ZOccupancyQuery,
  ZOutpass,
  ZOutpassCreate,
  ZOutpassesQuery,
  ZOutpassPage,
  ZOutpassStep,
  ZOutpassStepParams,
  ZRoomsBulk,
  ZRoomsBulkResult,
  ZRoomTransfer,
  ZTransferRequest,
  ZTransferRequestCreate,
  ZTransferRequestList,
  ZLeavingFigures,
  ZVacate,
  ZVacatePreviewQuery,
  ZVacateResult,
} from '../hostel-schemas.js';
import { defineEndpoint as e } from './define.js';

const H = '/api/hostel';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Hostel office: buildings and rooms, applications, allotment, transfer, vacate, out-passes. */
export const hostelEndpoints = {
  summary: e({ method: 'GET', path: `${H}/summary`, response: ZHostelSummary }),

  // Buildings, rooms, beds and the board
  buildings: e({ method: 'GET', path: `${H}/buildings`, response: ZBuildingList }),
  createBuilding: e({ method: 'POST', path: `${H}/buildings`, body: ZBuildingCreate, response: ZBuildingStats }),
  createRooms: e({
    method: 'POST',
    path: `${H}/buildings/:id/rooms`,
    params: ZIdParam,
    body: ZRoomsBulk,
    response: ZRoomsBulkResult,
  }),
  reserveBed: e({ method: 'POST', path: `${H}/beds/:id/reserve`, params: ZIdParam, body: ZBedReserve, response: ZHostelMessage }),
  occupancy: e({ method: 'GET', path: `${H}/occupancy`, query: ZOccupancyQuery, response: ZOccupancy }),

  // Applications
  applications: e({ method: 'GET', path: `${H}/applications`, query: ZApplicationsQuery, response: ZApplicationList }),
  apply: e({ method: 'POST', path: `${H}/applications`, body: ZApplicationCreate, response: ZHostelApplication }),
  rejectApplication: e({
    method: 'POST',
    path: `${H}/applications/:id/reject`,
    params: ZIdParam,
    body: ZHostelDecision,
    response: ZHostelApplication,
  }),
  bedOffer: e({
    method: 'GET',
    path: `${H}/applications/:id/beds`,
    params: ZIdParam,
    query: ZBedOfferQuery,
    response: ZBedOffer,
  }),

  // Allotments
  allotments: e({ method: 'GET', path: `${H}/allotments`, query: ZAllotmentsQuery, response: ZAllotmentPage }),
  allot: e({ method: 'POST', path: `${H}/allotments`, body: ZAllotmentCreate, response: ZAllotmentCreated }),
  allotment: e({ method: 'GET', path: `${H}/allotments/:id`, params: ZIdParam, response: ZAllotmentDetail }),
  allotmentLetter: e({
    method: 'GET',
    path: `${H}/allotments/:id/letter`,
    params: ZIdParam,
    response: binaryResponse('application/pdf'),
  }),
  transfer: e({
    method: 'POST',
    path: `${H}/allotments/:id/transfer`,
    params: ZIdParam,
    body: ZRoomTransfer,
    response: ZAllotmentDetail,
  }),
  vacate: e({ method: 'POST', path: `${H}/allotments/:id/vacate`, params: ZIdParam, body: ZVacate, response: ZVacateResult }),
  /** what vacating on a date would keep and give back, from the vacate's own calculation */
  vacatePreview: e({
    method: 'GET',
    path: `${H}/allotments/:id/vacate-preview`,
    params: ZIdParam,
    query: ZVacatePreviewQuery,
    response: ZLeavingFigures,
  }),
  /** undoes an allotment made by mistake: no charge stands, the bed is freed */
  cancel: e({
    method: 'POST',
    path: `${H}/allotments/:id/cancel`,
    params: ZIdParam,
    body: ZAllotmentCancel,
    response: ZAllotmentCancelResult,
  }),
  recordPayment: e({
    method: 'POST',
    path: `${H}/allotments/:id/payments`,
    params: ZIdParam,
    body: ZHostelPayment,
    response: ZHostelPaymentResult,
  }),
  residentsWorkbook: e({
    method: 'GET',
    path: `${H}/residents/export`,
    query: z.object({ buildingId: ZIdParam.shape.id.optional() }),
    response: binaryResponse(XLSX),
  }),

  // Transfer requests: the student asks, the incharge moves them (transfer with requestId) or refuses
  transferRequests: e({
    method: 'GET',
    path: `${H}/transfer-requests`,
    query: z.object({ status: z.enum(['PENDING', 'APPROVED', 'REJECTED']).optional() }),
    response: ZTransferRequestList,
  }),
  requestTransfer: e({
    method: 'POST',
    path: `${H}/transfer-requests`,
    body: ZTransferRequestCreate,
    response: ZTransferRequest,
  }),
  rejectTransferRequest: e({
    method: 'POST',
    path: `${H}/transfer-requests/:id/reject`,
    params: ZIdParam,
    body: ZHostelDecision,
    response: ZTransferRequest,
  }),

  // Out-pass register
  outpasses: e({ method: 'GET', path: `${H}/outpasses`, query: ZOutpassesQuery, response: ZOutpassPage }),
  createOutpass: e({ method: 'POST', path: `${H}/outpasses`, body: ZOutpassCreate, response: ZOutpass }),
  stepOutpass: e({
    method: 'POST',
    path: `${H}/outpasses/:id/:step`,
    params: ZOutpassStepParams,
    body: ZOutpassStep,
    response: ZOutpass,
  }),

  /** the student's own hostel page */
  me: e({ method: 'GET', path: `${H}/me`, response: ZMyHostel }),
};
