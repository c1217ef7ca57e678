import { Typography } from '@mui/material';
import { PublicShell } from '../../components/common';
import { PrivacyContent, TermsContent } from '../../components/legal';
import { useContactData } from '../../lib/college';

export function TermsPage() {
  return (
    <PublicShell>
      <Typography variant="h4" component="h1" gutterBottom sx={{ fontSize: { xs: 26, md: 34 } }}>
        Terms and Conditions
      </Typography>
      <TermsContent />
    </PublicShell>
  );
}

export function PrivacyPage() {
  const contact = useContactData();
  return (
    <PublicShell>
      <Typography variant="h4" component="h1" gutterBottom sx={{ fontSize: { xs: 26, md: 34 } }}>
        Privacy Policy
      </Typography>
      <PrivacyContent contactEmail={contact.data?.officialCommunication} collegeName={contact.data?.collegeName} />
    </PublicShell>
  );
}

export function ReturnPage() {
  const contact = useContactData();
  const email = contact.data?.officialCommunication;
  return (
    <PublicShell>
      <Typography variant="h4" component="h1" gutterBottom sx={{ fontSize: { xs: 26, md: 34 } }}>
        Returns and Refunds
      </Typography>
      <Typography sx={{ mb: 2, lineHeight: 1.8 }}>Due to the nature of digital products, we do not offer returns or refunds.</Typography>
      <Typography color="text.secondary" sx={{ lineHeight: 1.8 }}>
        If you have a problem with a payment or a service, contact our support team by e-mail
        {email ? (
          <>
            {' '}
            at <a href={`mailto:${email}`}>{email}</a>
          </>
        ) : null}{' '}
        and we will help you.
      </Typography>
    </PublicShell>
  );
}
