/** Discover tab: external links, each opened through the leaving-the-app warning. */
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Paths } from '../../routes/paths';
import { Cell, CellGroup } from '../../ui/Cell';
import { NavBar } from '../../ui/NavBar';
import { DISCOVER_LINKS } from './links';

export default function DiscoverPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="page">
      <NavBar title={t('tabs.discover')} noBack />
      <CellGroup>
        {DISCOVER_LINKS.map((link) => (
          <Cell
            key={link.key}
            testId={`discover-link-${link.key}`}
            icon={
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                <path
                  d="M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zm3.5-12.5-2 5-5 2 2-5z"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.6"
                  strokeLinejoin="round"
                />
              </svg>
            }
            label={t(`discover.links.${link.key}`)}
            value={new URL(link.url).host}
            onClick={() =>
              void navigate(`${Paths.discoverExternalLink}?${new URLSearchParams({ url: link.url, chatIdx: '-1' })}`)
            }
          />
        ))}
      </CellGroup>
    </div>
  );
}
