/** "+" of the quick row: the composer's emoji panel in a sheet; a pick reacts with it. */
import { useTranslation } from 'react-i18next';
import { Sheet } from '../../../../ui/Sheet';
import { EmojiPanel } from '../composer/EmojiPanel';

export function ReactionPicker({ onPick, onClose }: { onPick: (emoji: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Sheet title={t('chatBox.reactions.pick')} onClose={onClose} testId="reaction-picker">
      <EmojiPanel
        onPick={(emoji) => {
          onClose();
          onPick(emoji);
        }}
      />
    </Sheet>
  );
}
