import {
  fuelMileage as mileage,
  TRANSPORT_MSG,
  type TExpense,
  type TExpenseInput,
  type TExpensePage,
  type TExpenseQuery,
} from '@erp/shared';
import type { Database } from '../../db/index.js';
import { nowIso } from '../../db/index.js';
import { audit } from '../../lib/audit.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { RequestUser } from '../../plugins/types.js';
import * as repo from './transport.repo.js';

type ExpenseRow = Awaited<ReturnType<typeof repo.expenseById>>;
const ddmmyyyy = (iso: string) => iso.slice(0, 10).split('-').reverse().join('-');

export { mileage };

export function toExpense(e: ExpenseRow): TExpense {
  return {
    id: e.id,
    vehicleId: e.vehicle_id,
    regNo: e.reg_no,
    category: e.category as TExpense['category'],
    expenseDate: e.expense_date,
    amount: e.amount,
    litres: e.litres_ml === null ? null : e.litres_ml / 1000,
    odometerKm: e.odometer_km,
    kmRun: e.km_run,
    kmPerLitre: e.kmpl_x100 === null ? null : e.kmpl_x100 / 100,
    anomaly: e.anomaly,
    description: e.description,
    billNo: e.bill_no,
  };
}

/**
 * Records an expense. A fuel entry's odometer must lie between the neighbouring fills; its km
 * per litre is computed and anomalies flagged, and a later fill's figures are recomputed
 * against it, in one transaction.
 */
export async function addExpense(db: Database, user: RequestUser, input: TExpenseInput): Promise<TExpense> {
  const collegeId = user.collegeId;
  const [vehicle] = await repo.vehicles(db, collegeId, input.vehicleId);
  if (!vehicle) throw badRequest(TRANSPORT_MSG.vehicleNotFound);
  if (input.expenseDate > nowIso().slice(0, 10)) throw badRequest(TRANSPORT_MSG.futureDate);
  const record = (trx: Database, id: number) =>
    audit(trx, {
      collegeId,
      actor: user,
      action: 'transport.expense.add',
      entity: 'transport_expense',
      entityId: id,
      after: { vehicle: vehicle.reg_no, category: input.category, date: input.expenseDate, amount: input.amount },
    });
  const id = await db.transaction().execute(async (trx) => {
    const row = {
      college_id: collegeId,
      vehicle_id: vehicle.id,
      category: input.category,
      expense_date: input.expenseDate,
      amount: input.amount,
      litres_ml: null as number | null,
      odometer_km: null as number | null,
      km_run: null as number | null,
      kmpl_x100: null as number | null,
      anomaly: null as string | null,
      description: input.description,
      bill_no: input.billNo,
      created_by: user.id,
      created_at: nowIso(),
    };
    if (input.category === 'fuel') {
      const odo = input.odometerKm!;
      const litresMl = Math.round(input.litres! * 1000);
      const prev = await repo.neighbourFuel(trx, collegeId, vehicle.id, input.expenseDate, odo, 'before');
      const next = await repo.neighbourFuel(trx, collegeId, vehicle.id, input.expenseDate, odo, 'after');
      if (prev && prev.odometer_km !== null && odo <= prev.odometer_km)
        throw badRequest(TRANSPORT_MSG.odometerBackwards(odo, prev.odometer_km, ddmmyyyy(prev.expense_date)));
      if (next && next.odometer_km !== null && odo >= next.odometer_km)
        throw badRequest(TRANSPORT_MSG.odometerAhead(odo, next.odometer_km, ddmmyyyy(next.expense_date)));
      row.litres_ml = litresMl;
      row.odometer_km = odo;
      if (prev && prev.odometer_km !== null) {
        const history = await repo.recentMileage(trx, collegeId, vehicle.id, input.expenseDate);
        const m = mileage(odo - prev.odometer_km, litresMl, history, vehicle.vehicle_type);
        row.km_run = odo - prev.odometer_km;
        row.kmpl_x100 = m.kmplX100;
        row.anomaly = m.anomaly;
      }
      const newId = await repo.insertExpense(trx, row);
      if (next && next.odometer_km !== null && next.litres_ml) {
        const history = await repo.recentMileage(trx, collegeId, vehicle.id, input.expenseDate);
        const m = mileage(next.odometer_km - odo, next.litres_ml, history, vehicle.vehicle_type);
        await repo.updateExpenseFuel(trx, collegeId, next.id, {
          km_run: next.odometer_km - odo,
          kmpl_x100: m.kmplX100,
          anomaly: m.anomaly,
        });
      }
      await record(trx, newId);
      return newId;
    }
    const newId = await repo.insertExpense(trx, row);
    await record(trx, newId);
    return newId;
  });
  const saved = await repo.expenseById(db, collegeId, id);
  if (!saved) throw notFound('Expense not found');
  return toExpense(saved);
}

export async function listExpenses(db: Database, collegeId: number, q: TExpenseQuery): Promise<TExpensePage> {
  const { items, total, totalAmount } = await repo.expenses(db, collegeId, q);
  return { items: items.map(toExpense), total, totalAmount, page: q.page, pageSize: q.pageSize };
}
