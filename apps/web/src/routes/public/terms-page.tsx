import { LegalPage } from "../../components/legal/legal-page";
import { termsIntro, termsSections } from "../../components/legal/terms-content";

export default function TermsPage() {
  return <LegalPage title="Terms of Service" intro={termsIntro} sections={termsSections} />;
}
