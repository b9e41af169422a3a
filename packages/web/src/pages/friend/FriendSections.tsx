/** The contacts list: letter sections with sticky headers, rows sorted by display name. */
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Friend } from '@parley/protocol';
import { groupByLetter } from '../../contacts/sections';
import { Links } from '../../routes/paths';
import { FriendRow } from './FriendRow';

export function FriendSections({ friends }: { friends: Friend[] }) {
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const locale = i18n.language;
  const sections = useMemo(() => groupByLetter(friends, locale), [friends, locale]);
  const open = useMemo(() => (id: number) => void navigate(Links.userInfo(id)), [navigate]);
  return (
    <div className="friend-sections" data-testid="friend-list">
      {sections.map((section) => (
        <section key={section.key} className="friend-section" aria-labelledby={`friend-section-${section.key}`}>
          <h2 className="friend-section__key" id={`friend-section-${section.key}`}>
            {section.key}
          </h2>
          {section.items.map((friend) => (
            <FriendRow key={friend.id} friend={friend} onOpen={open} />
          ))}
        </section>
      ))}
    </div>
  );
}
