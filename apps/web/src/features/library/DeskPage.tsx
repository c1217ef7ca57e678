import { useRef, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Chip, Stack, Tab, Tabs, Typography } from '@mui/material';
import BookmarkAddOutlined from '@mui/icons-material/BookmarkAddOutlined';
import { CappedNotice } from '../../components/DataTable';
import { useConfirm, useToast } from '../../components/feedback';
import { QueryState } from '../../components/QueryState';
import { ROLES, type TCapped, type TFine, type TLoan } from '@erp/shared';
import { getSessionUser } from '../../lib/session';
import { openFineReceipt, useIssue, useLost, usePatron, useRenew, useReturn, useWaiveFine } from './api';
import { FineCollectDialog } from './FineCollectDialog';
import { dmy, rupees } from './format';
import { LibraryPage } from './LibraryPage';
import { ResponsiveList } from './ResponsiveList';
import { StatusChip } from './StatusChip';
import { CodeEntry, PatronSearch } from './CodeEntry';
import { DeskHoldDialog } from './DeskHoldDialog';

/**
 * The circulation desk, built for a barcode scanner (it types the code and Enter): scan the
 * patron, then copies one after another; or switch to Return and scan copies.
 */
export function DeskPage() {
  const [mode, setMode] = useState<'issue' | 'return'>('issue');
  // The hold dialog, for the patron on the desk or for one to find.
  const [holding, setHolding] = useState<{ patron?: string } | null>(null);
  return (
    <LibraryPage title="Issue / Return">
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <Tabs value={mode} onChange={(_, v) => setMode(v)}>
          <Tab value="issue" label="Issue" />
          <Tab value="return" label="Return" />
        </Tabs>
        <Button variant="outlined" startIcon={<BookmarkAddOutlined />} onClick={() => setHolding({})}>
          Place a hold
        </Button>
      </Box>
      {mode === 'issue' ? <IssuePanel onHold={(patron) => setHolding({ patron })} /> : <ReturnPanel />}
      {holding && <DeskHoldDialog patron={holding.patron} onClose={() => setHolding(null)} />}
    </LibraryPage>
  );
}

function IssuePanel({ onHold }: { onHold: (patron: string) => void }) {
  const [patron, setPatron] = useState<string | null>(null);
  const [barcode, setBarcode] = useState('');
  const [last, setLast] = useState<{ ok: boolean; text: string } | null>(null);
  const barcodeRef = useRef<HTMLInputElement>(null);
  const view = usePatron(patron);
  const issue = useIssue();

  const scanCopy = (code: string) => {
    if (!patron || issue.isPending) return;
    issue.mutate(
      { patron, barcode: code },
      {
        onSuccess: (loan) => setLast({ ok: true, text: `Issued ${loan.accessionNo} (${loan.title}), due ${dmy(loan.dueOn)}` }),
        onError: (err) => setLast({ ok: false, text: err.message }),
        onSettled: () => {
          setBarcode('');
          barcodeRef.current?.focus();
        },
      },
    );
  };

  return (
    <Stack spacing={2}>
      <PatronSearch
        label="Patron (roll number, employee code or ID card)"
        testId="desk-patron"
        onFind={(code) => {
          setPatron(code);
          setLast(null);
        }}
      />
      <QueryState spinner query={view}>
        {view.data && (
          <>
            <PatronCard data={view.data} onHold={() => onHold(view.data.patron.code)} />
            <CodeEntry
              key={view.data.patron.code}
              label="Scan copy (accession number)"
              value={barcode}
              onChange={setBarcode}
              onSubmit={scanCopy}
              button="Issue"
              testId="desk-barcode"
              disabled={issue.isPending}
              inputRef={barcodeRef}
            />
            {last && (
              <Alert severity={last.ok ? 'success' : 'error'} data-testid="desk-message">
                {last.text}
              </Alert>
            )}
            <PatronLists data={view.data} />
          </>
        )}
      </QueryState>
    </Stack>
  );
}

function ReturnPanel() {
  const [barcode, setBarcode] = useState('');
  const [results, setResults] = useState<Array<{ ok: boolean; text: string; hold: boolean }>>([]);
  const ref = useRef<HTMLInputElement>(null);
  const ret = useReturn();
  const submit = (code: string) => {
    if (ret.isPending) return;
    ret.mutate(code, {
      onSuccess: (r) => setResults((p) => [{ ok: true, text: r.message, hold: !!r.hold }, ...p].slice(0, 10)),
      onError: (err) => setResults((p) => [{ ok: false, text: `${code}: ${err.message}`, hold: false }, ...p].slice(0, 10)),
      onSettled: () => {
        setBarcode('');
        ref.current?.focus();
      },
    });
  };
  return (
    <Stack spacing={2}>
      <CodeEntry
        label="Scan returned copy"
        value={barcode}
        onChange={setBarcode}
        onSubmit={submit}
        button="Return"
        testId="return-barcode"
        disabled={ret.isPending}
        inputRef={ref}
      />
      {results.map((r, i) => (
        <Alert
          key={i}
          severity={!r.ok ? 'error' : r.hold ? 'warning' : 'success'}
          data-testid={i === 0 ? 'return-message' : undefined}
        >
          {r.text}
        </Alert>
      ))}
    </Stack>
  );
}

function PatronCard({ data, onHold }: { data: NonNullable<ReturnType<typeof usePatron>['data']>; onHold: () => void }) {
  const p = data.patron;
  return (
    <Card variant="outlined" data-testid="desk-patron-card">
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <Box>
            <Typography variant="h6">{p.name}</Typography>
            <Typography color="text.secondary">
              {p.code} · {p.categoryName} · {p.detail}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {p.contact}
              {p.expiresOn && ` · membership until ${dmy(p.expiresOn)}`}
            </Typography>
          </Box>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}>
            <Chip label={`Loans ${data.loans.length} / ${p.maxLoans}`} />
            <Chip color={p.unpaidFines ? 'error' : 'default'} label={`Unpaid ${rupees(p.unpaidFines)}`} />
            {p.accruingFines > 0 && <Chip color="warning" label={`Accruing ${rupees(p.accruingFines)}`} />}
            <Button size="small" onClick={onHold}>
              Hold a title
            </Button>
          </Stack>
        </Box>
        {p.blocks.map((b) => (
          <Alert key={b} severity="warning" sx={{ mt: 1 }}>
            {b}
          </Alert>
        ))}
      </CardContent>
    </Card>
  );
}

export function LoansList({ loans, staff }: { loans: TLoan[]; staff: boolean }) {
  const renew = useRenew();
  const lost = useLost();
  const toast = useToast();
  const confirm = useConfirm();
  return (
    <ResponsiveList
      rows={loans}
      keyOf={(l) => l.id}
      empty="No items on loan."
      testId="loans"
      columns={[
        { label: 'Accession', render: (l) => l.accessionNo },
        { label: 'Title', render: (l) => l.title },
        { label: 'Issued', render: (l) => dmy(l.issuedOn) },
        { label: 'Due', render: (l) => dmy(l.dueOn) },
        { label: 'Status', render: (l) => <StatusChip status={l.status} /> },
        { label: 'Fine', align: 'right', render: (l) => (l.fine ? rupees(l.fine) : '') },
        {
          label: 'Actions',
          render: (l) => (
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button
                size="small"
                disabled={renew.isPending || l.renewalsLeft === 0}
                onClick={() =>
                  renew.mutate(l.id, {
                    onSuccess: (r) => toast.success(`Renewed: due ${dmy(r.dueOn)}`),
                    onError: (e) => toast.error(e.message),
                  })
                }
              >
                Renew ({l.renewalsLeft})
              </Button>
              {staff && (
                <Button
                  size="small"
                  color="error"
                  onClick={async () => {
                    if (
                      await confirm({
                        title: 'Mark this copy lost?',
                        text: 'The patron is charged the price and the processing charge.',
                        kind: 'warning',
                      })
                    ) {
                      lost.mutate(l.id, { onSuccess: (r) => toast.success(r.message), onError: (e) => toast.error(e.message) });
                    }
                  }}
                >
                  Lost
                </Button>
              )}
            </Stack>
          ),
        },
      ]}
    />
  );
}

export function FinesList({ fines, staff, canWaive }: { fines: TCapped<TFine>; staff: boolean; canWaive?: boolean }) {
  const [collecting, setCollecting] = useState<TFine | null>(null);
  const waive = useWaiveFine();
  const toast = useToast();
  return (
    <>
      {collecting && <FineCollectDialog fine={collecting} onClose={() => setCollecting(null)} />}
      <CappedNotice shown={fines.items.length} total={fines.total} hint="the newest first" />
      <ResponsiveList
        rows={fines.items}
        keyOf={(f) => f.id}
        empty="No fines."
        testId="fines"
        columns={[
          { label: 'Date', render: (f) => dmy(f.createdAt) },
          {
            label: 'For',
            render: (f) => `${f.kind === 'lost' ? 'Lost' : `Overdue ${f.overdueDays} d`} · ${f.accessionNo} ${f.title}`,
          },
          { label: 'Amount', align: 'right', render: (f) => rupees(f.amount) },
          {
            label: 'Status',
            render: (f) => (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', justifyContent: 'flex-end' }}>
                <StatusChip status={f.status} />
                {f.status === 'part_paid' && (
                  <Typography variant="body2" component="span" data-testid="fine-outstanding">
                    {rupees(f.paidAmount)} paid · {rupees(f.outstanding)} due
                  </Typography>
                )}
                {f.status === 'waived' && f.paidAmount > 0 && (
                  <Typography variant="body2" component="span">
                    {rupees(f.paidAmount)} paid, rest waived
                  </Typography>
                )}
              </Stack>
            ),
          },
          {
            label: 'Actions',
            render: (f) =>
              (f.status === 'unpaid' || f.status === 'part_paid') && staff ? (
                <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                  <Button size="small" variant="outlined" onClick={() => setCollecting(f)}>
                    {f.status === 'part_paid' ? `Collect ${rupees(f.outstanding)}` : 'Collect'}
                  </Button>
                  {canWaive && (
                    <Button
                      size="small"
                      onClick={() => {
                        const reason = window.prompt('Reason for the waiver');
                        if (reason)
                          waive.mutate(
                            { id: f.id, reason },
                            { onSuccess: (r) => toast.success(r.message), onError: (e) => toast.error(e.message) },
                          );
                      }}
                    >
                      Waive
                    </Button>
                  )}
                </Stack>
              ) : f.status === 'paid' && !f.receiptNo ? (
                'Paid at the accounts counter'
              ) : f.status === 'paid' ? (
                <Button size="small" onClick={() => openFineReceipt(f.id).catch((e) => toast.error(e.message))}>
                  Receipt
                </Button>
              ) : (
                f.waiveReason
              ),
          },
        ]}
      />
    </>
  );
}

function PatronLists({ data }: { data: NonNullable<ReturnType<typeof usePatron>['data']> }) {
  return (
    <Stack spacing={2}>
      <Typography variant="h6">Loans</Typography>
      <LoansList loans={data.loans} staff />
      <Typography variant="h6">Fines</Typography>
      <FinesList fines={data.fines} staff canWaive={getSessionUser()?.roles.includes(ROLES.LIBRARY_INCHARGE)} />
      <Typography variant="h6">Holds</Typography>
      <ResponsiveList
        rows={data.holds}
        keyOf={(h) => h.id}
        empty="No holds."
        columns={[
          { label: 'Title', render: (h) => h.title },
          { label: 'Status', render: (h) => <StatusChip status={h.status} /> },
          { label: 'Place', render: (h) => (h.status === 'waiting' ? `#${h.position}` : `on shelf until ${dmy(h.expiresOn)}`) },
        ]}
      />
    </Stack>
  );
}
