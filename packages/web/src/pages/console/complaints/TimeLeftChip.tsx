/** "5 h 12 min left" in green, amber in the last two hours, red once overdue. */
import { useTranslation } from 'react-i18next';
import { timeLeft, timeLeftText } from '../../../console/timeLeft';

export function TimeLeftChip({ deadline, now }: { deadline: number; now: number }) {
  const { t } = useTranslation();
  const { urgency } = timeLeft(deadline, now);
  return (
    <span className={`console-chip console-chip--${urgency}`} data-testid="console-time-left" data-urgency={urgency}>
      {timeLeftText(deadline, now, t)}
    </span>
  );
}
