import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Skeleton,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { DataTable } from '../../components/DataTable';
import { PrivacyContent, TermsContent } from '../../components/legal';
import type { TContactData } from '@erp/shared';

export type InfoKind = 'about' | 'contact' | 'terms' | 'privacy';
export const INFO_TITLES: Record<InfoKind, string> = {
  about: 'About Us',
  contact: 'Contact Us',
  terms: 'Terms & Conditions',
  privacy: 'Privacy Policy',
};

/** The home page's About Us, Contact Us, Terms & Conditions and Privacy Policy modals. */
export function InfoModal({ kind, contact, loading, onClose }: { kind: InfoKind | null; contact: TContactData[number] | null | undefined; loading: boolean; onClose: () => void }) {
  const small = useMediaQuery('(max-width:600px)');
  return (
    <Dialog open={kind !== null} onClose={onClose} fullWidth maxWidth="md" fullScreen={small} aria-labelledby="info-modal-title" scroll="paper">
      <DialogTitle id="info-modal-title" sx={{ fontWeight: 700 }}>
        {kind ? INFO_TITLES[kind] : ''}
      </DialogTitle>
      <DialogContent dividers>
        {kind === 'about' && (loading ? <Skeleton height={80} /> : <Typography sx={{ lineHeight: 1.8 }}>{contact?.aboutUs}</Typography>)}
        {kind === 'contact' && (loading ? <Skeleton height={200} /> : <ContactBody contact={contact} />)}
        {kind === 'terms' && <TermsContent />}
        {kind === 'privacy' && <PrivacyContent contactEmail={contact?.officialCommunication} collegeName={contact?.collegeName} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function ContactBody({ contact }: { contact: TContactData[number] | null | undefined }) {
  if (!contact) return <Typography color="text.secondary">No Data Found.</Typography>;
  const phones = contact.phoneNumber.slice(0, 2);
  const rows: Array<[string, string]> = [
    ['Postal Address', contact.postalAddress],
    ['Official Communication', contact.officialCommunication],
    ['Campus', contact.campus],
    ...phones.map((p, i): [string, string] => [`Phone Number ${i + 1}`, p.number]),
    ['Fax Number', contact.faxNumber],
  ];
  return (
    <>
      <Typography variant="h6" sx={{ mb: 2 }}>
        {contact.collegeName}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, gap: { xs: 0.25, sm: 1.25 }, m: 0, mb: 3 }}>
        {rows.map(([k, v]) => (
          <Box key={k} sx={{ display: 'contents' }}>
            <Box component="dt" sx={{ fontWeight: 600, color: 'text.secondary', mt: { xs: 1, sm: 0 } }}>
              {k}
            </Box>
            <Box component="dd" sx={{ m: 0 }}>
              {v}
            </Box>
          </Box>
        ))}
      </Box>
      <DataTable
        label="Contacts"
        columns={[
          { key: 'designation', header: 'Designation' },
          { key: 'name', header: 'Name' },
          { key: 'mailId', header: 'Email', nowrap: true, render: (c) => <a href={`mailto:${c.mailId}`}>{c.mailId}</a> },
        ]}
        rows={contact.candidateDetails}
        rowKey={(c) => `${c.designation}-${c.name}`}
        loading={false}
        emptyText="No contacts."
        paging={false}
      />
    </>
  );
}
