/** Discover links: add, edit, delete, reorder; featured links feed the tab's banner. */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DiscoverLink } from '@parley/protocol';
import { deleteLink, listLinks, reorderLinks } from '../../../console/discover';
import { moveItem } from '../../../console/reorder';
import { confirmDialog } from '../../../ui/dialog';
import { showToast } from '../../../ui/toast';
import { ConsoleHeader } from '../parts/ConsoleHeader';
import { ListState } from '../parts/ListState';
import { LinkEditor } from './LinkEditor';
import { LinkRow } from './LinkRow';
import { Sentence } from '../../../ui/Segments';

/** What the editor sheet is open for: a new link or an existing one. */
type Editing = { link: DiscoverLink | null } | null;

export default function DiscoverAdminPage() {
  const { t } = useTranslation();
  const [links, setLinks] = useState<DiscoverLink[]>([]);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [editing, setEditing] = useState<Editing>(null);
  const [busy, setBusy] = useState(false);

  const fetchLinks = useCallback(() => {
    listLinks().then(
      (list) => {
        setLinks(list);
        setState('ready');
      },
      () => setState('failed'),
    );
  }, []);
  useEffect(fetchLinks, [fetchLinks]);
  const load = () => {
    setState('loading');
    fetchLinks();
  };

  const move = async (from: number, to: number) => {
    const ordered = moveItem(links, from, to);
    setLinks(ordered);
    setBusy(true);
    try {
      // the whole order in one request: one change, one audit row
      await reorderLinks(ordered.map((l) => l.id));
    } catch {
      // the api wrapper showed why; the server's order wins
    } finally {
      setBusy(false);
      load();
    }
  };

  const remove = async (link: DiscoverLink) => {
    const ok = await confirmDialog({
      content: <Sentence k="console.discover.deleteConfirm" values={{ title: link.title }} />,
      confirmText: t('console.discover.delete'),
      testId: 'console-link-delete-dialog',
    });
    if (!ok) return;
    try {
      await deleteLink(link.id);
      showToast(t('console.discover.deleted'));
      load();
    } catch {
      // the api wrapper showed why
    }
  };

  return (
    <div className="console-page" data-testid="console-discover">
      <ConsoleHeader
        title={t('console.sections.discover')}
        top
        end={
          <button
            type="button"
            className="link-btn"
            onClick={() => setEditing({ link: null })}
            data-testid="console-link-add"
          >
            {t('console.discover.add')}
          </button>
        }
      />
      <p className="console-note">{t('console.discover.hint')}</p>
      <ListState
        loading={state === 'loading'}
        failed={state === 'failed'}
        empty={links.length === 0}
        onRetry={load}
        emptyText={t('console.discover.empty')}
        testId="console-links"
      />
      {links.length > 0 && (
        <ul className="console-list">
          {links.map((link, i) => (
            <LinkRow
              key={link.id}
              link={link}
              first={i === 0}
              last={i === links.length - 1}
              disabled={busy}
              onMove={(delta) => void move(i, i + delta)}
              onEdit={() => setEditing({ link })}
              onDelete={() => void remove(link)}
            />
          ))}
        </ul>
      )}
      {editing && (
        <LinkEditor
          link={editing.link}
          links={links}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            showToast(saved.frameable ? t('console.discover.savedInside') : t('console.discover.savedOutside'));
            load();
          }}
        />
      )}
    </div>
  );
}
