import { LegalPage } from "../../components/legal/legal-page";
import { privacyIntro, privacySections } from "../../components/legal/privacy-content";

export default function PrivacyPage() {
  return <LegalPage title="Privacy Policy" intro={privacyIntro} sections={privacySections} />;
}
