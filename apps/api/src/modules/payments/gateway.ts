import crypto from 'node:crypto';
import { FEE_TYPE_LABELS, PATHS, type TFeeType, type TGatewayRedirect } from '@erp/shared';
import type { Config } from '../../config.js';
import type { PaymentOrdersTable } from '../../db/tables.js';
import { CURRENCY_NUMERIC, lyraDate, lyraSignature, type VadsFields } from '../../lib/lyra.js';

type Order = Omit<PaymentOrdersTable, 'id'> & { id: number };

/**
 * The key callbacks are signed with. Lyra mode needs LYRA_KEY (start-up refuses otherwise, see
 * assertGatewayConfig); the demo gateway uses LYRA_KEY when set, else a key derived from JWT_SECRET,
 * so every recording call is verified in both modes.
 */
export function signingKey(config: Config): string {
  if (config.LYRA_KEY) return config.LYRA_KEY;
  return crypto.createHmac('sha256', config.JWT_SECRET).update('lyra-demo-gateway-key').digest('hex').slice(0, 32);
}

/** Lyra mode without a shop id or key could not verify callbacks: refuse to start instead. */
export function assertGatewayConfig(config: Config) {
  if (config.PAYMENT_GATEWAY !== 'lyra') return;
  const missing = (['LYRA_SHOP_ID', 'LYRA_KEY'] as const).filter((k) => !config[k]);
  if (missing.length) throw new Error(`Invalid configuration:\n  PAYMENT_GATEWAY=lyra needs ${missing.join(' and ')}`);
}

/** Lyra's vads_trans_id: six digits, unique per shop and day; derived from the order's row id. */
export const transIdFor = (order: Order) => String(order.id % 900000).padStart(6, '0');

export const currencyCode = (currency: string) => CURRENCY_NUMERIC[currency] ?? currency;

export function returnPath(order: Order) {
  const q = new URLSearchParams({ orderId: order.order_id, feeType: order.fee_type });
  return `${PATHS.paymentStatus}?${q}`;
}

/** The signed Lyra payment form the browser posts (PAYMENT_GATEWAY=lyra). */
export function lyraForm(config: Config, order: Order, email: string, publicBase: string, now = new Date()): TGatewayRedirect {
  const fields: VadsFields = {
    vads_action_mode: 'INTERACTIVE',
    vads_amount: String(order.amount),
    vads_ctx_mode: config.LYRA_MODE,
    vads_currency: currencyCode(order.currency),
    vads_cust_email: email,
    vads_cust_name: order.roll_no,
    vads_order_id: order.order_id,
    vads_page_action: 'PAYMENT',
    vads_payment_config: 'SINGLE',
    vads_return_mode: 'GET',
    vads_site_id: config.LYRA_SHOP_ID ?? '',
    vads_trans_date: lyraDate(now),
    vads_trans_id: transIdFor(order),
    vads_url_check: `${publicBase}/api/payments/lyra/ipn`,
    vads_url_return: `${publicBase}${returnPath(order)}`,
    vads_version: 'V2',
  };
  return {
    method: 'POST',
    url: config.LYRA_PAYMENT_URL,
    fields: { ...fields, signature: lyraSignature(fields, signingKey(config)) },
  };
}

/** The vads_ fields (and signature) the demo gateway sends back, made the way Lyra makes them. */
export function demoCallback(config: Config, order: Order, email: string, paid: boolean, now = new Date()): VadsFields {
  const uuid = crypto.randomUUID().replace(/-/g, '');
  const fields: VadsFields = {
    vads_action_mode: 'INTERACTIVE',
    vads_amount: String(order.amount),
    vads_auth_result: paid ? '00' : '05',
    vads_charge_status: paid ? 'paid' : 'failed',
    vads_charge_uuid: uuid,
    vads_ctx_mode: 'TEST',
    vads_currency: currencyCode(order.currency),
    vads_cust_email: email,
    vads_cust_name: order.roll_no,
    vads_order_id: order.order_id,
    vads_page_action: 'PAYMENT',
    vads_payment_config: 'SINGLE',
    vads_result: paid ? '00' : '05',
    vads_site_id: config.LYRA_SHOP_ID ?? 'DEMO',
    vads_trans_date: lyraDate(now),
    vads_trans_id: transIdFor(order),
    vads_trans_status: paid ? 'AUTHORISED' : 'REFUSED',
    vads_trans_uuid: uuid,
    vads_version: 'V2',
  };
  return { ...fields, signature: lyraSignature(fields, signingKey(config)) };
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The built-in demo gateway page: plain HTML forms, no script (the CSP forbids inline code). */
export function demoPage(order: Order, collegeName: string): string {
  const label = FEE_TYPE_LABELS[order.fee_type as TFeeType] ?? order.fee_type;
  const amount = (order.amount / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 });
  const action = `/api/payments/demo/${encodeURIComponent(order.order_id)}`;
  const rows: Array<[string, string]> = [
    ['Order Id', order.order_id],
    ['Roll Number', order.roll_no],
    ['Fee', label + (order.course_code ? ` (${order.course_code}${order.course ? ` ${order.course}` : ''})` : '')],
    ['Semester', order.semester],
    ['Amount', `${order.currency} ${amount}`],
  ];
  const paidAlready = order.status === 'paid';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Demo payment gateway</title>
<style>
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#eef3f8;margin:0;padding:16px;color:#1c2733}
main{max-width:480px;margin:24px auto;background:#fff;border-radius:12px;box-shadow:0 2px 12px rgba(0,0,0,.12);padding:24px}
h1{font-size:1.3rem;margin:0 0 4px}p.note{color:#5a6773;font-size:.9rem;margin:0 0 16px}
table{width:100%;border-collapse:collapse;margin-bottom:20px}th,td{text-align:left;padding:8px 4px;border-bottom:1px solid #e3e8ee;font-size:.95rem;vertical-align:top}
th{color:#5a6773;font-weight:500;width:40%}td{word-break:break-all}
.actions{display:flex;gap:12px;flex-wrap:wrap}.actions form{flex:1 1 160px}
button{width:100%;padding:12px;font-size:1rem;border:0;border-radius:8px;cursor:pointer;color:#fff}
button:focus-visible{outline:3px solid #ffb300;outline-offset:2px}
.ok{background:#2e7d32}.fail{background:#c62828}
</style></head><body><main>
<h1>Demo payment gateway</h1>
<p class="note">${esc(collegeName)}. No money moves: choose the outcome of this payment.</p>
<table>${rows.map(([k, v]) => `<tr><th scope="row">${esc(k)}</th><td>${esc(v)}</td></tr>`).join('')}</table>
${
  paidAlready
    ? '<p role="alert">This order is already paid.</p>'
    : `<div class="actions">
<form method="post" action="${esc(action)}"><input type="hidden" name="outcome" value="success"><button class="ok" type="submit">Pay (success)</button></form>
<form method="post" action="${esc(action)}"><input type="hidden" name="outcome" value="failure"><button class="fail" type="submit">Fail payment</button></form>
</div>`
}
</main></body></html>`;
}
