import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Stack,
  Typography,
} from '@mui/material';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Payment from '@mui/icons-material/Payment';
import { PAYMENT_DATA_KEY, codeLabel, type TMyCampus, type TMyFees, type TMyResults } from '@erp/shared';
import { FeeLinesChooser } from '../../components/FeeLinesChooser';
import { useToast } from '../../components/feedback';
import { openBase64Pdf } from '../../lib/api-client';
import { fetchMarksMemo, goToGateway, usePayForChild } from './api';
import { dmy, rupees } from './format';

/** Every semester's result with its SGPA, the CGPA, and the marks memo of each. */
export function ResultsView({ r }: { r: TMyResults }) {
  const toast = useToast();
  const memo = async (title: string) => {
    try {
      const res = await fetchMarksMemo(r.rollNo, title);
      if (res.success === 'True' && res.data) openBase64Pdf(res.data, `memo-${r.rollNo}.pdf`);
      else toast.error(res.success === 'False' ? res.message : 'No memo');
    } catch (e) {
      toast.error((e as Error).message);
    }
  };
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={3}>
        <Typography>
          CGPA <b data-testid="cgpa">{r.cgpa.toFixed(2)}</b>
        </Typography>
        <Typography>
          Backlogs <b>{r.activeBacklogs}</b>
        </Typography>
      </Stack>
      {r.semesters.length === 0 && <Typography color="text.secondary">No published results yet.</Typography>}
      {[...r.semesters].reverse().map((s, i) => (
        <Accordion key={s.title} defaultExpanded={i === 0} disableGutters variant="outlined" data-testid="semester-result">
          <AccordionSummary expandIcon={<ExpandMore />}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }} sx={{ width: '100%' }}>
              <Typography fontWeight={600} sx={{ flex: 1 }}>
                {s.title}
              </Typography>
              <Typography color="text.secondary">
                SGPA {s.sgpa.toFixed(2)} · {s.earnedCredits}/{s.totalCredits} credits
              </Typography>
            </Stack>
          </AccordionSummary>
          <AccordionDetails>
            <Stack spacing={0.5}>
              {s.records.map((c) => (
                <Stack key={c.courseCode} direction="row" spacing={1} justifyContent="space-between" alignItems="center">
                  <Typography variant="body2" sx={{ flex: 1, minWidth: 0 }} noWrap>
                    {c.courseCode} {c.course !== c.courseCode ? c.course : ''}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {c.credits} cr
                  </Typography>
                  <Chip size="small" label={c.grade} color={c.status === 'Pass' ? 'success' : 'error'} variant="outlined" />
                </Stack>
              ))}
              <Box>
                <Button size="small" onClick={() => memo(s.title)} sx={{ mt: 1 }}>
                  Marks memo (PDF)
                </Button>
              </Box>
            </Stack>
          </AccordionDetails>
        </Accordion>
      ))}
    </Stack>
  );
}

/**
 * Fees due: the ledger's open lines (a parent chooses which to pay online; a student sees them and
 * pays from the dashboard), supplementary exam fees, paid fees, and library fines.
 */
export function FeesView({ f, parent }: { f: TMyFees; parent?: boolean }) {
  const toast = useToast();
  const pay = usePayForChild();
  // From the click until the gateway page opens (a successful order is leaving the page).
  const paying = pay.isPending || pay.isSuccess;
  const payNow = (feeType: string, courseCode: string | null, lineIds?: number[]) =>
    pay.mutate(
      { studentId: f.studentId, feeType, courseCode: courseCode ?? undefined, lineIds },
      {
        onSuccess: (order) => {
          const { gateway: _g, redirect, ...record } = order;
          sessionStorage.setItem(PAYMENT_DATA_KEY, JSON.stringify(record));
          goToGateway(redirect);
        },
        onError: (e) => toast.error(e.message),
      },
    );
  return (
    <Stack spacing={2}>
      <Typography variant="subtitle2">Due now</Typography>
      {f.fees.due.length === 0 && <Alert severity="success">Nothing due.</Alert>}
      {f.fees.due.map((d) => (
        <Card key={`${d.feeType}-${d.courseCode ?? d.semester}`} variant="outlined" data-testid="fee-due">
          <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
            {d.feeType === 'semester' ? (
              <FeeLinesChooser
                lines={d.lines}
                onPay={parent ? (lineIds) => payNow(d.feeType, null, lineIds) : undefined}
                busy={paying && pay.variables?.feeType === 'semester'}
                disabled={paying}
              />
            ) : (
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1}
                justifyContent="space-between"
                alignItems={{ sm: 'center' }}
              >
                <Box>
                  <Typography fontWeight={600}>{`Supplementary exam: ${d.courseCode} ${d.course}`}</Typography>
                  <Typography>{rupees(d.amount)}</Typography>
                </Box>
                {parent && (
                  <Button
                    variant="contained"
                    size="small"
                    startIcon={<Payment />}
                    disabled={paying}
                    onClick={() => payNow(d.feeType, d.courseCode)}
                  >
                    Pay online
                  </Button>
                )}
              </Stack>
            )}
          </CardContent>
        </Card>
      ))}
      {!parent && f.fees.due.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          Pay online from the Fees panel of your dashboard.
        </Typography>
      )}
      {f.libraryFines > 0 && (
        <Alert severity="warning">
          Library fines unpaid: {rupees(f.libraryFines)} (at the library desk, or online as a line of the fees due)
        </Alert>
      )}
      <Typography variant="subtitle2">Paid</Typography>
      {f.fees.paid.length === 0 && <Typography color="text.secondary">No payments yet.</Typography>}
      {f.fees.paid.map((p) => (
        <Typography key={p.orderId} variant="body2">
          {dmy(p.transDate)} · {p.feeType === 'semester' ? `Semester fee ${p.semester}` : `Supplementary ${p.courseCode}`} ·{' '}
          {rupees(p.amount)}
          {p.receiptLabel ? ` · receipt ${p.receiptLabel}` : ''}
        </Typography>
      ))}
    </Stack>
  );
}

/** Library loans and holds, hostel room and out-passes, bus pass. */
export function CampusView({ c }: { c: TMyCampus }) {
  const lib = c.library;
  const a = c.hostel?.allotment;
  return (
    <Stack spacing={2}>
      <Typography variant="subtitle2">Library</Typography>
      {!lib || lib.loans.length === 0 ? (
        <Typography color="text.secondary">No books out.</Typography>
      ) : (
        lib.loans.map((l) => (
          <Typography key={l.id} variant="body2" data-testid="loan">
            {l.title} · due {dmy(l.dueOn)}
            {l.overdueDays > 0 ? ` · ${l.overdueDays} days overdue` : ''}
          </Typography>
        ))
      )}
      {lib && lib.holds.length > 0 && (
        <Typography variant="body2">
          Holds: {lib.holds.map((h) => `${h.title} (${codeLabel(h.status).toLowerCase()})`).join(', ')}
        </Typography>
      )}
      {lib && lib.patron.unpaidFines > 0 && (
        <Alert severity="warning">Library fines unpaid: {rupees(lib.patron.unpaidFines)}</Alert>
      )}
      <Typography variant="subtitle2">Hostel</Typography>
      <Typography variant="body2">
        {a && a.status === 'ACTIVE' ? `${a.building}, Room ${a.roomNo}-${a.bedLabel} · dues ${rupees(a.dues)}` : 'No hostel room'}
      </Typography>
      {(c.hostel?.outpasses ?? []).slice(0, 5).map((o) => (
        <Typography key={o.id} variant="body2" data-testid="outpass">
          Out-pass {o.destination} · {dmy(o.leaveAt)} → {dmy(o.returnBy)} · {codeLabel(o.status)}
        </Typography>
      ))}
      <Typography variant="subtitle2">Bus pass</Typography>
      {c.passes.length === 0 && <Typography color="text.secondary">No bus pass.</Typography>}
      {c.passes.map((p) => (
        <Typography key={p.id} variant="body2">
          {p.passNo} · {p.routeCode} {p.routeName} · {p.stopName} · {codeLabel(p.status)}
        </Typography>
      ))}
    </Stack>
  );
}
