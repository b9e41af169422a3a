/** /pages/common/external-link?url= */
import { useSearchParams } from 'react-router';
import { Paths } from '../../routes/paths';
import { LeaveWarning } from './LeaveWarning';

export default function ExternalLinkPage() {
  const [params] = useSearchParams();
  return <LeaveWarning rawUrl={params.get('url')} backTo={Paths.root} />;
}
