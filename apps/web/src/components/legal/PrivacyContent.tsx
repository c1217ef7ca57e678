import { Typography } from '@mui/material';
import { PRIVACY_EFFECTIVE, PRIVACY_UPDATED } from './legal-facts';
import { LegalSection } from './Section';

/** The static privacy policy, used by /privacy and the home page modal. */
export function PrivacyContent({ contactEmail, collegeName }: { contactEmail?: string; collegeName?: string }) {
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }} data-testid="privacy-dates">
        Effective date: {PRIVACY_EFFECTIVE} · Last updated: {PRIVACY_UPDATED}
      </Typography>
      <LegalSection title="Information we collect">
        <p>
          We collect what you or your college enter into the portal: names, contact details, admission and academic records,
          fee payments, and the login details needed to sign you in.
        </p>
      </LegalSection>
      <LegalSection title="How we use information">
        <p>
          To run admissions, examinations, results, fee collection and the other college services, to contact you about them,
          and to keep the portal secure.
        </p>
      </LegalSection>
      <LegalSection title="Cookies">
        <p>
          The portal uses a session cookie that keeps you signed in for one day, and a remember-me cookie when you choose it.
          We do not use advertising cookies.
        </p>
      </LegalSection>
      <LegalSection title="Security">
        <p>
          Passwords are stored only as salted hashes, traffic is encrypted, and each user sees only the records their role
          allows.
        </p>
      </LegalSection>
      <LegalSection title="Sharing">
        <p>
          We share information only with your college, with payment providers to complete a payment you start, and where the
          law requires it. We never sell personal data.
        </p>
      </LegalSection>
      <LegalSection title="Children">
        <p>Records of students under 18 are entered by the college with the consent of a parent or guardian.</p>
      </LegalSection>
      <LegalSection title="Changes to this policy">
        <p>When this policy changes, the dates above change with it.</p>
      </LegalSection>
      <LegalSection title="Contact us">
        <p>
          Questions about your data: {collegeName ? `${collegeName}, ` : ''}
          {contactEmail ? <a href={`mailto:${contactEmail}`}>{contactEmail}</a> : 'your college office'}.
        </p>
      </LegalSection>
    </>
  );
}
