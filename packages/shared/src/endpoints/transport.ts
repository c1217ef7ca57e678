import { z } from 'zod';
import { binaryResponse, ZIdParam } from '../common-schemas.js';
import {
  ZExpense,
  ZExpenseInput,
  ZExpensePage,
  ZExpenseQuery,
  ZMonthlyReport,
  ZPass,
  ZPassCancel,
  ZPassCancelled,
  ZPassHolderList,
  ZPassHolderQuery,
  ZPassInput,
  ZPassPage,
  ZPassQuery,
  ZRetireVehicle,
  ZRoute,
  ZRouteInput,
  ZRouteList,
  ZTransportDashboard,
  ZTransportMonthQuery,
  ZVehicle,
  ZVehicleInput,
  ZVehicleList,
  ZWaitlistEntry,
  ZWaitlistInput,
  ZWaitlistList,
  ZWaitlistQuery,
  ZWaitlistWithdraw,
} from '../transport-schemas.js';
import { defineEndpoint as e } from './define.js';

const T = '/api/transport';

/** Vehicles, routes and stops, bus passes, waiting lists, expenses and the monthly report. */
export const transportEndpoints = {
  dashboard: e({ method: 'GET', path: `${T}/dashboard`, response: ZTransportDashboard }),

  vehicles: e({ method: 'GET', path: `${T}/vehicles`, response: ZVehicleList }),
  createVehicle: e({ method: 'POST', path: `${T}/vehicles`, body: ZVehicleInput, response: ZVehicle }),
  updateVehicle: e({ method: 'PUT', path: `${T}/vehicles/:id`, params: ZIdParam, body: ZVehicleInput, response: ZVehicle }),
  retireVehicle: e({
    method: 'POST',
    path: `${T}/vehicles/:id/retire`,
    params: ZIdParam,
    body: ZRetireVehicle,
    response: ZVehicle,
  }),

  routes: e({ method: 'GET', path: `${T}/routes`, response: ZRouteList }),
  createRoute: e({ method: 'POST', path: `${T}/routes`, body: ZRouteInput, response: ZRoute }),
  updateRoute: e({ method: 'PUT', path: `${T}/routes/:id`, params: ZIdParam, body: ZRouteInput, response: ZRoute }),

  holders: e({ method: 'GET', path: `${T}/holders`, query: ZPassHolderQuery, response: ZPassHolderList }),
  passes: e({ method: 'GET', path: `${T}/passes`, query: ZPassQuery, response: ZPassPage }),
  issuePass: e({ method: 'POST', path: `${T}/passes`, body: ZPassInput, response: ZPass }),
  /** a student's (or staff member's) own passes */
  myPasses: e({ method: 'GET', path: `${T}/passes/mine`, response: z.array(ZPass) }),
  cancelPass: e({
    method: 'POST',
    path: `${T}/passes/:id/cancel`,
    params: ZIdParam,
    body: ZPassCancel,
    response: ZPassCancelled,
  }),
  passPdf: e({ method: 'GET', path: `${T}/passes/:id/pdf`, params: ZIdParam, response: binaryResponse('application/pdf') }),

  waitlist: e({ method: 'GET', path: `${T}/waitlist`, query: ZWaitlistQuery, response: ZWaitlistList }),
  joinWaitlist: e({ method: 'POST', path: `${T}/waitlist`, body: ZWaitlistInput, response: ZWaitlistEntry }),
  confirmOffer: e({ method: 'POST', path: `${T}/waitlist/:id/confirm`, params: ZIdParam, response: ZPass }),
  withdrawEntry: e({
    method: 'POST',
    path: `${T}/waitlist/:id/withdraw`,
    params: ZIdParam,
    body: ZWaitlistWithdraw,
    response: ZWaitlistEntry,
  }),

  expenses: e({ method: 'GET', path: `${T}/expenses`, query: ZExpenseQuery, response: ZExpensePage }),
  addExpense: e({ method: 'POST', path: `${T}/expenses`, body: ZExpenseInput, response: ZExpense }),

  monthlyReport: e({ method: 'GET', path: `${T}/reports/monthly`, query: ZTransportMonthQuery, response: ZMonthlyReport }),
  monthlyWorkbook: e({
    method: 'GET',
    path: `${T}/reports/monthly.xlsx`,
    query: ZTransportMonthQuery,
    response: binaryResponse('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
  }),
};
