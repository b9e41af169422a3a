/** The chosen recipients of a notification: search users, tap to add, chips to remove. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsoleLimits, type ConsoleUser } from '@parley/protocol';
import { searchUsers } from '../../../console/users';
import { SearchBox } from '../../../ui/SearchBox';
import { Spinner } from '../../../ui/Spinner';

export type Recipient = Pick<ConsoleUser, 'id' | 'nickName' | 'userName'>;

interface RecipientPickerProps {
  chosen: Recipient[];
  onChange: (next: Recipient[]) => void;
}

export function RecipientPicker({ chosen, onChange }: RecipientPickerProps) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [found, setFound] = useState<ConsoleUser[] | null>(null);
  const [busy, setBusy] = useState(false);

  const search = async () => {
    if (!keyword.trim()) return;
    setBusy(true);
    try {
      setFound((await searchUsers(keyword.trim(), 1)).items.filter((u) => !u.deleted));
    } catch {
      setFound([]);
    } finally {
      setBusy(false);
    }
  };
  const add = (u: ConsoleUser) => {
    if (chosen.some((c) => c.id === u.id) || chosen.length >= ConsoleLimits.SYSTEM_USERS_MAX) return;
    onChange([...chosen, { id: u.id, nickName: u.nickName, userName: u.userName }]);
  };

  return (
    <div className="recipients">
      {chosen.length > 0 && (
        <ul className="recipients__chips" data-testid="console-recipients">
          {chosen.map((c) => (
            <li key={c.id} className="recipients__chip">
              <span dir="auto">{c.nickName}</span>
              <button
                type="button"
                onClick={() => onChange(chosen.filter((x) => x.id !== c.id))}
                aria-label={t('console.system.removeRecipient', { name: c.nickName })}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <SearchBox
        value={keyword}
        onValue={setKeyword}
        placeholder={t('console.users.search')}
        testId="console-recipient-search"
        onSubmit={() => void search()}
        submitLabel={t('console.search')}
        submitTestId="console-recipient-search-submit"
      />
      {busy && <Spinner size={20} />}
      {found && !busy && found.length === 0 && <p className="console-muted">{t('console.users.empty')}</p>}
      {found && found.length > 0 && (
        <ul className="recipients__found">
          {found.map((u) => {
            const picked = chosen.some((c) => c.id === u.id);
            return (
              <li key={u.id}>
                <button
                  type="button"
                  className="recipients__add"
                  disabled={picked}
                  onClick={() => add(u)}
                  data-testid={`console-recipient-add-${u.id}`}
                >
                  <span>
                    {u.nickName} <span className="console-muted">· {u.userName}</span>
                  </span>
                  <span aria-hidden="true">{picked ? '✓' : '+'}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
