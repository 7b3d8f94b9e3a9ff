import { LegalDocument } from '../components/legal-document';

export default function TermsPage() {
  return <LegalDocument slug="terms" fallbackTitle="Terms of Service" />;
}
