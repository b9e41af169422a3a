import { PolicyText } from './PolicyText';

export default function PrivacyPage() {
  return <PolicyText doc="privacy" testId="privacy-text" />;
}
