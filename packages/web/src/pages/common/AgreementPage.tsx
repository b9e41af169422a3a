import { PolicyText } from './PolicyText';

export default function AgreementPage() {
  return <PolicyText doc="agreement" testId="agreement-text" />;
}
