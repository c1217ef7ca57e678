import { Typography } from '@mui/material';
import { JURISDICTION, LIABILITY_CAP_PERCENT, MINIMUM_AGE, RETURN_WINDOW_DAYS, TERMS_EFFECTIVE } from './legal-facts';
import { LegalSection } from './Section';

/** Terms and Conditions text, used by /terms and the home page modal. */
export function TermsContent() {
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }} data-testid="terms-effective">
        Effective date: {TERMS_EFFECTIVE}
      </Typography>
      <LegalSection title="1. About us">
        <p>
          This portal is operated by an IT consulting, services and product development company incorporated under the laws
          of India (&quot;we&quot;, &quot;us&quot;). By using the portal you agree to these Terms and Conditions.
        </p>
      </LegalSection>
      <LegalSection title="2. Eligibility">
        <p>
          You must be at least {MINIMUM_AGE} years old, or the age of majority where you live, to use the portal. Younger users
          may use it only with the consent and supervision of a parent or legal guardian.
        </p>
      </LegalSection>
      <LegalSection title="3. Accounts">
        <p>
          Your college issues your login. Keep your password confidential; you are responsible for everything done with your
          account. Tell your college office at once if you suspect misuse.
        </p>
      </LegalSection>
      <LegalSection title="4. Payments, refunds and returns">
        <p>
          Fees paid for services through the portal are not refundable. Where a physical item is supplied, a return made within{' '}
          {RETURN_WINDOW_DAYS} days of delivery is reimbursed once the item is received in its original condition.
        </p>
      </LegalSection>
      <LegalSection title="5. Acceptable use">
        <p>
          Do not attempt to access data that is not yours, disrupt the service, or upload unlawful or harmful content. We may
          suspend accounts that break these rules.
        </p>
      </LegalSection>
      <LegalSection title="6. Limitation of liability">
        <p>
          To the extent the law allows, our total liability for any claim arising from the portal is limited to{' '}
          {LIABILITY_CAP_PERCENT}% of the amount you paid for the service concerned.
        </p>
      </LegalSection>
      <LegalSection title="7. Governing law">
        <p>
          These terms are governed by the laws of India. The courts at {JURISDICTION} have exclusive jurisdiction over any
          dispute.
        </p>
      </LegalSection>
      <LegalSection title="8. Changes">
        <p>We may update these terms; the effective date above shows the latest version.</p>
      </LegalSection>
    </>
  );
}
