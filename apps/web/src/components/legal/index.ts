export { TermsContent } from './TermsContent';
export { PrivacyContent } from './PrivacyContent';
export { LegalSection } from './Section';
export * from './legal-facts';
