/** /pages/common/discover-external-link?url=&chatIdx= : a link opened from Discover. */
import { useSearchParams } from 'react-router';
import { Paths } from '../../routes/paths';
import { LeaveWarning } from './LeaveWarning';

export default function DiscoverExternalLinkPage() {
  const [params] = useSearchParams();
  // chatIdx names the chat the link came from; "back" returns to Discover either way for now
  return <LeaveWarning rawUrl={params.get('url')} backTo={Paths.discover} />;
}
