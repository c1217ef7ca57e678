import path from 'node:path';
import fs from 'node:fs';
import Database from 'better-sqlite3';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, baseUrl, DEMO_PASSWORD, newPage, pickOption, sawToast, shot, signIn } from './harness';

/**
 * Refunding an excess credit, as the office does it: the accountant proposes from the Excess
 * credits panel, the accounts officer approves in the Refunds list, the accountant pays it and the
 * voucher number shows. The test makes its own student (with a login, so the student can pay
 * online) and its own excess: the fee paid at the counter and then again online.
 */
const tag = Date.now().toString(36).toUpperCase().slice(-6);
const rollNo = `E2R${tag}`;

async function tokenOf(username: string) {
  const res = await apiCall('POST', '/api/auth-service/auth/signin?module=admin', {
    username,
    password: DEMO_PASSWORD,
    module: 'erp',
    domain: baseUrl(),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${username}: ${res.status} ${res.text}`);
  return { authorization: `Bearer ${JSON.parse(res.text).token as string}` };
}

async function call<T>(username: string, method: string, urlPath: string, body?: unknown): Promise<T> {
  const res = await apiCall(method, urlPath, body, 'localhost', await tokenOf(username));
  if (res.status !== 200) throw new Error(`${method} ${urlPath}: ${res.status} ${res.text}`);
  return JSON.parse(res.text) as T;
}

/**
 * The student row and its login, written to the e2e database: no API makes one student's login
 * (logins are made for a whole college at once). The login signs in with the demo password.
 */
function newStudentWithLogin(batch: string) {
  const db = new Database(path.join(inject('e2eBuild').tmp, 'e2e.sqlite'), { timeout: 10_000 });
  try {
    const college = db.prepare("select id from colleges where code = 'SVEC'").get() as { id: number };
    const hash = (db.prepare("select password_hash from users where username = 'accountant'").get() as { password_hash: string })
      .password_hash;
    const now = new Date().toISOString();
    db.transaction(() => {
      const student = db
        .prepare(
          `insert into students (college_id, roll_no, full_name, course, batch, branch, semester, section, gender, email, mobile, father_name, admission_id, created_at)
           values (?, ?, 'Asha Verma', 'B.Tech', ?, 'CSE', 'I-I', 'A', 'Female', ?, '9876500000', 'Parent', null, ?)`,
        )
        .run(college.id, rollNo, batch, `${rollNo.toLowerCase()}@example.org`, now);
      const user = db
        .prepare(
          `insert into users (college_id, username, email, password_hash, full_name, program, institute_type, eamcet_code, college_name, affiliated_to, modules, emp_code, status, must_change_password, student_id, faculty_id, created_at)
           values (?, ?, ?, ?, 'Asha Verma', 'CSE', 'engineering', 'SVEC', 'SVEC', '', 'erp', null, 'active', 0, ?, null, ?)`,
        )
        .run(college.id, rollNo, `${rollNo.toLowerCase()}@example.org`, hash, student.lastInsertRowid, now);
      db.prepare(`insert into user_roles (user_id, role) values (?, 'ROLE_STUDENT')`).run(user.lastInsertRowid);
    })();
  } finally {
    db.close();
  }
}

/** ₹1,500 of tuition raised for the student, paid at the counter, then paid again online: a ₹1,500 excess credit. */
async function studentWithExcess() {
  const fy = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
  const startYear = Number(fy.slice(0, 4)) - (Number(fy.slice(5, 7)) < 4 ? 1 : 0);
  const batch = `${startYear}-R${tag}`;
  newStudentWithLogin(batch);
  const head = await call<{ id: number }>('accountsofficer', 'POST', '/api/accounts/fee-heads', {
    code: `RF${tag}`,
    name: `Refund test fee ${tag}`,
    sortOrder: 90,
  });
  await call('accountsofficer', 'POST', '/api/accounts/fee-structures', {
    course: 'B.Tech',
    batch,
    yearOfStudy: 1,
    seatType: 'Convener',
    lines: [{ headId: head.id, amountPaise: 150_000 }],
  });
  await call('accountant', 'POST', '/api/accounts/demands', { batch, year: 1 });
  const order = await call<{ orderId: string; amount: number }>(rollNo, 'POST', '/api/payments/orders', { feeType: 'semester' });
  expect(order.amount).toBe(150_000);
  await call('accountant', 'POST', '/api/accounts/receipts', { rollNo, mode: 'cash', amount: 150_000 });
  const paid = await apiCall('POST', `/api/payments/demo/${order.orderId}`, { outcome: 'success' });
  expect(paid.status).toBe(303);
  const [credit] = await call<Array<{ id: number; excessPaise: number; status: string }>>(
    'accountant',
    'GET',
    `/api/accounts/excess?rollNo=${rollNo}`,
  );
  expect(credit).toMatchObject({ excessPaise: 150_000, status: 'open' });
}

async function transactionHistory(username: string, width = 1366) {
  const page = await newPage({ width, height: 900 });
  await signIn(page, username);
  await page.goto(`${baseUrl()}/app/Accounts Dashboard`);
  await page.getByRole('link', { name: 'Fee Collection' }).first().click();
  await page.getByRole('tab', { name: 'Transaction History' }).click();
  return page;
}

/** The Refunds list narrowed to this test's student. */
async function refundsOf(page: Page) {
  const panel = page.getByRole('region', { name: 'Refunds' });
  await panel.getByLabel('Roll number').fill(rollNo);
  const row = panel.getByTestId(/^refund-\d+$/).filter({ hasText: rollNo });
  await row.first().waitFor();
  return { panel, row };
}

describe('refunding an excess credit', () => {
  it('the accountant proposes, the officer approves, the accountant pays and the voucher number shows', async () => {
    await studentWithExcess();

    // The accountant proposes the refund from the excess credit.
    const clerk = await transactionHistory('accountant');
    const excess = clerk.getByRole('region', { name: 'Excess credits' });
    await excess.getByLabel('Roll number').fill(rollNo);
    const credit = excess.getByRole('row').filter({ hasText: rollNo });
    await credit.getByRole('button', { name: 'Refund' }).click();
    const propose = clerk.getByRole('dialog', { name: `Refund Asha Verma (${rollNo})` });
    expect(await propose.getByLabel('Amount').inputValue()).toBe('1500');
    // Its messages: no reason, and more than is held.
    await propose.getByRole('button', { name: 'Propose refund' }).click();
    await propose.getByText('Enter the reason for the refund').waitFor();
    await propose.getByLabel('Amount').fill('1600');
    await propose.getByLabel('Reason').fill('Paid at the counter and again online');
    await propose.getByRole('button', { name: 'Propose refund' }).click();
    await propose.getByText('The refund cannot be more than what is open on this excess credit').waitFor();
    await shot(clerk, 'accounts-refund-propose-1366');
    await propose.getByLabel('Amount').fill('1500');
    await propose.getByRole('button', { name: 'Propose refund' }).click();
    await sawToast(clerk, `Refund of ₹1,500.00 to Asha Verma proposed; it waits for the accounts officer`);
    const mine = await refundsOf(clerk);
    await mine.row.getByText('Awaiting approval').waitFor();
    // The accountant neither approves nor pays a refund awaiting the officer.
    expect(await mine.row.getByRole('button', { name: /Approve|Pay/ }).count()).toBe(0);

    // The officer approves it.
    const officer = await transactionHistory('accountsofficer');
    const theirs = await refundsOf(officer);
    await pickOption(officer, theirs.panel.getByLabel('Status'), 'Awaiting approval');
    await theirs.row.getByRole('button', { name: 'Reject' }).waitFor();
    await shot(officer, 'accounts-refund-approve-1366');
    await theirs.row.getByRole('button', { name: 'Approve' }).click();
    const approve = officer.getByRole('dialog');
    await approve.getByLabel('Remark').fill('Checked: paid twice');
    await approve.getByRole('button', { name: 'Approve with this remark' }).click();
    await sawToast(officer, `${rollNo}: refund approved, to pay`);

    // The accountant pays it by bank transfer; the voucher number shows in the row.
    await clerk.reload();
    const again = await refundsOf(clerk);
    await again.row.getByRole('button', { name: 'Pay' }).click();
    const pay = clerk.getByRole('dialog', { name: 'Pay ₹1,500.00 to Asha Verma' });
    await pay.getByRole('button', { name: 'Pay and issue voucher' }).click();
    await pay.getByText('Enter the reference (DD/cheque number, UPI reference or transaction id)').waitFor();
    await pay.getByLabel('Reference (UTR / cheque / UPI number)').fill(`NEFT${tag}`);
    await pay.getByRole('button', { name: 'Pay and issue voucher' }).click();
    await sawToast(clerk, 'Refunded ₹1,500.00 to Asha Verma · voucher SVEC/RV/');
    await expect.poll(() => again.row.getByTestId('refund-voucher').textContent()).toMatch(/^SVEC\/RV\/\d{4}-\d{2}\/\d{5}$/);
    await again.row.getByText('Paid', { exact: true }).waitFor();
    await again.row.getByRole('button', { name: 'Voucher' }).waitFor();
    await shot(clerk, 'accounts-refunds-1366');

    // The API agrees, and the voucher PDF carries the number.
    const page = await call<{ items: Array<{ id: number; voucherLabel: string; status: string }> }>(
      'accountant',
      'GET',
      `/api/accounts/refunds?rollNo=${rollNo}`,
    );
    const refund = page.items[0]!;
    expect(refund.status).toBe('paid');
    expect(await again.row.textContent()).toContain(refund.voucherLabel);
    const pdf = await apiCall(
      'GET',
      `/api/accounts/refunds/${refund.id}/pdf`,
      undefined,
      'localhost',
      await tokenOf('accountant'),
    );
    expect(pdf.status).toBe(200);
    // Kept for looking at with pdftoppm when E2E_KEEP_PDF is set (the PDF's text is asserted by the API test).
    if (process.env.E2E_KEEP_PDF) {
      const res = await fetch(`${baseUrl()}/api/accounts/refunds/${refund.id}/pdf`, { headers: await tokenOf('accountant') });
      fs.writeFileSync(process.env.E2E_KEEP_PDF, Buffer.from(await res.arrayBuffer()));
    }

    // The day book shows it as money out.
    const dayBook = clerk.getByRole('region', { name: 'Day book' });
    await dayBook.getByText(refund.voucherLabel).waitFor();
    await dayBook.getByTestId('daybook-by-mode').getByText('Bank transfer').waitFor();

    // On a phone: the same list as cards.
    await clerk.setViewportSize({ width: 390, height: 844 });
    await again.row.first().waitFor();
    await shot(clerk, 'accounts-refunds-390');
    // Three people, three sign-ins and a dozen screens in one story: more than one test's usual minute
    // on a machine running the other browser files beside it.
  }, 150_000);
});
