/** The composer's icon buttons beside the text box: the receipt toggle (groups), emoji and "+". */
import { useTranslation } from 'react-i18next';

interface Props {
  /** Group chats only: the next message is a receipt message. */
  receipt: boolean | null;
  onReceipt: () => void;
  panel: 'none' | 'emoji' | 'plus';
  onPanel: (which: 'emoji' | 'plus') => void;
}

export function ComposerButtons({ receipt, onReceipt, panel, onPanel }: Props) {
  const { t } = useTranslation();
  return (
    <>
      {receipt !== null && (
        <button
          type="button"
          className={`composer__icon${receipt ? ' composer__icon--on' : ''}`}
          aria-label={t('chatBox.receipt')}
          aria-pressed={receipt}
          title={t(receipt ? 'chatBox.receiptOn' : 'chatBox.receipt')}
          data-testid="composer-receipt"
          onClick={onReceipt}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <circle
              cx="12"
              cy="12"
              r="9"
              fill={receipt ? 'currentColor' : 'none'}
              stroke="currentColor"
              strokeWidth="1.7"
            />
            <path
              d="m8 12.5 2.5 2.5L16 9.5"
              fill="none"
              stroke={receipt ? '#fff' : 'currentColor'}
              strokeWidth="1.8"
              strokeLinecap="round"
            />
          </svg>
        </button>
      )}
      <button
        type="button"
        className={`composer__icon${panel === 'emoji' ? ' composer__icon--active' : ''}`}
        aria-label={t('chatBox.emoji')}
        aria-expanded={panel === 'emoji'}
        title={t('chatBox.emoji')}
        data-testid="composer-emoji"
        onClick={() => onPanel('emoji')}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.7" />
          <path
            d="M8.5 14.5a4.5 4.5 0 0 0 7 0M9 9.5h.01M15 9.5h.01"
            stroke="currentColor"
            strokeWidth="1.9"
            strokeLinecap="round"
          />
        </svg>
      </button>
      <button
        type="button"
        className={`composer__icon${panel === 'plus' ? ' composer__icon--active' : ''}`}
        aria-label={t('chatBox.more')}
        aria-expanded={panel === 'plus'}
        title={t('chatBox.more')}
        data-testid="composer-plus"
        onClick={() => onPanel('plus')}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
          <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.7" />
          <path d="M12 8v8M8 12h8" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" />
        </svg>
      </button>
    </>
  );
}
