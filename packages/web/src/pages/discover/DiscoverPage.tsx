/** Discover tab: a banner of the featured links above the list of links (GET /discover/links). */
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DiscoverLink } from '@parley/protocol';
import { Links, Paths } from '../../routes/paths';
import { EmptyState } from '../../ui/EmptyState';
import { NavBar } from '../../ui/NavBar';
import { Spinner } from '../../ui/Spinner';
import { BannerSwiper } from './BannerSwiper';
import { LinkIcon } from './LinkIcon';
import { featuredLinks, loadDiscoverLinks, useDiscoverLinks } from './discoverLinks';
import './discover.css';

export default function DiscoverPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { links, failed } = useDiscoverLinks();
  const shown = useLocation().pathname === Paths.discover;
  // The tab stays mounted: refresh whenever it is shown again (an operator may have edited).
  useEffect(() => {
    if (shown) void loadDiscoverLinks();
  }, [shown]);

  const open = (link: DiscoverLink) => void navigate(Links.discoverExternalLink(link.url));
  const featured = links ? featuredLinks(links) : [];

  return (
    <div className="page" data-testid="discover-page">
      <NavBar title={t('tabs.discover')} noBack />
      {featured.length > 0 && <BannerSwiper slides={featured} onOpen={open} />}
      {links === null && !failed && (
        <div className="page-state">
          <Spinner />
        </div>
      )}
      {links === null && failed && (
        <button type="button" className="page-state page-state--error" onClick={() => void loadDiscoverLinks()}>
          {t('discover.loadFailed')}
        </button>
      )}
      {links?.length === 0 && <EmptyState testId="discover-empty" title={t('discover.empty')} />}
      {links && links.length > 0 && (
        <ul className="discover-list" data-testid="discover-list">
          {links.map((link) => (
            <li key={link.id}>
              <button
                type="button"
                className="discover-row"
                onClick={() => open(link)}
                data-testid={`discover-link-${link.id}`}
              >
                <LinkIcon link={link} />
                <span className="discover-row__text" dir="auto">
                  <bdi className="discover-row__title">{link.title}</bdi>
                  {link.description && <bdi className="discover-row__desc">{link.description}</bdi>}
                  <span className="discover-row__host">
                    <bdi>{hostOf(link.url)}</bdi>
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
