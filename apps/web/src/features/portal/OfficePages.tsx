import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Alert, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { CERTIFICATE_KINDS, PROFILE_FIELDS, ZParentLinkCreate, type TParentLinkCreated } from '@erp/shared';
import { useToast } from '../../components/feedback';
import {
  downloadCertificate,
  useCreateParentLink,
  useOfficeCertificates,
  useOfficeCorrections,
  useParentLinks,
  useRemoveParentLink,
} from './api';
import { Panel } from './components';
import { dmy } from './format';
import { DecisionQueue, OfficeList, OfficePage, useListQuery } from './OfficeList';

export function CertificateRequestsPage() {
  const toast = useToast();
  return (
    <DecisionQueue
      title="Certificate Requests"
      path="portal/certificate-requests"
      useItems={useOfficeCertificates}
      empty="No requests."
      testId="office-certificate"
      approveLabel="Approve and issue"
      approved="Certificate issued"
      approveBody={{ remarks: '' }}
      heading={(c) => (
        <>
          {c.name} ({c.rollNo}) · {CERTIFICATE_KINDS.find((k) => k.kind === c.kind)?.label}
        </>
      )}
      detail={(c) => (
        <>
          {c.purpose} · asked {dmy(c.requestedAt)}
          {c.remarks ? ` · ${c.remarks}` : ''}
        </>
      )}
      more={(c) =>
        c.status === 'approved' && (
          <Button
            size="small"
            onClick={() => downloadCertificate(c.id, c.kind, c.rollNo, true).catch((e: Error) => toast.error(e.message))}
          >
            PDF
          </Button>
        )
      }
    />
  );
}

export function ProfileCorrectionsPage() {
  return (
    <DecisionQueue
      title="Profile Corrections"
      path="portal/profile-corrections"
      useItems={useOfficeCorrections}
      empty="No corrections."
      approveLabel="Approve"
      approved="Record corrected"
      heading={(c) => (
        <>
          {c.name} ({c.rollNo}) · {PROFILE_FIELDS.find((f) => f.field === c.field)?.label}: {c.currentValue || '—'} →{' '}
          {c.requestedValue}
        </>
      )}
      detail={(c) => (
        <>
          {c.reason} · asked {dmy(c.requestedAt)}
        </>
      )}
    />
  );
}

export function ParentLinksPage() {
  const toast = useToast();
  const { q, setQ } = useListQuery(false);
  const list = useParentLinks(q);
  const link = useCreateParentLink();
  const unlink = useRemoveParentLink();
  const [made, setMade] = useState<TParentLinkCreated | null>(null);
  const form = useForm<z.input<typeof ZParentLinkCreate>>({
    resolver: zodResolver(ZParentLinkCreate),
    defaultValues: { rollNo: '', relation: 'father' },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (v) => {
    try {
      setMade(await link.mutateAsync(v));
      form.reset({ rollNo: '', relation: v.relation });
    } catch (e) {
      form.setError('root', { message: (e as Error).message });
    }
  });
  return (
    <OfficePage title="Parent Links">
      <Panel title="Link a parent to a student">
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          The parent's login is the email (or phone) on the student's admission record.
        </Typography>
        <form onSubmit={submit} noValidate>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'flex-start' }}>
            <TextField
              label="Roll number"
              {...form.register('rollNo')}
              error={!!errors.rollNo}
              helperText={errors.rollNo?.message}
            />
            <Controller
              control={form.control}
              name="relation"
              render={({ field }) => (
                <TextField select label="Relation" {...field} sx={{ minWidth: 160 }} id="parent-relation">
                  <MenuItem value="father">Father</MenuItem>
                  <MenuItem value="mother">Mother</MenuItem>
                  <MenuItem value="guardian">Guardian</MenuItem>
                </TextField>
              )}
            />
            <Button type="submit" variant="contained" disabled={link.isPending} sx={{ py: 1.8 }}>
              Link parent
            </Button>
          </Stack>
          {errors.root && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errors.root.message}
            </Alert>
          )}
        </form>
        {made && (
          <Alert severity="success" sx={{ mt: 2 }} onClose={() => setMade(null)} data-testid="link-made">
            {made.message}
            {made.temporaryPassword && (
              <>
                {' '}
                One-time password: <b style={{ fontFamily: 'monospace' }}>{made.temporaryPassword}</b>
              </>
            )}
          </Alert>
        )}
      </Panel>
      <OfficeList
        q={q}
        setQ={setQ}
        list={list}
        empty="No parent is linked yet."
        testId="parent-link"
        wideFrom="sm"
        heading={(l) => (
          <>
            {l.parentName} ({l.relation}) · {l.username}
          </>
        )}
        detail={(l) => (
          <>
            {l.studentName} ({l.rollNo}) · {l.via === 'self' ? 'self-registered' : 'linked by the office'} on {dmy(l.linkedAt)}
          </>
        )}
        actions={(l) => (
          <Button
            size="small"
            color="error"
            onClick={() =>
              window.confirm(`Unlink ${l.parentName} from ${l.studentName}?`) &&
              unlink.mutate({ _id: l.id }, { onSuccess: () => toast.success('Unlinked'), onError: (e) => toast.error(e.message) })
            }
          >
            Unlink
          </Button>
        )}
      />
    </OfficePage>
  );
}
