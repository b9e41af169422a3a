/** Resolve or reject a pending complaint with an answer the complainant reads. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ComplaintStatus, ConsoleLimits, type ConsoleComplaint } from '@parley/protocol';
import { resolveComplaint, type ComplaintOutcome } from '../../../console/complaints';
import { Spinner } from '../../../ui/Spinner';
import { showToast } from '../../../ui/toast';
import { TextAreaField } from '../parts/TextAreaField';

export function DecisionForm({ id, onDecided }: { id: number; onDecided: (c: ConsoleComplaint) => void }) {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState('');
  const [busy, setBusy] = useState<ComplaintOutcome | null>(null);
  const blank = answer.trim() === '';

  const decide = async (outcome: ComplaintOutcome) => {
    if (blank || busy) return;
    setBusy(outcome);
    try {
      onDecided(await resolveComplaint(id, outcome, answer.trim()));
      showToast(t(outcome === ComplaintStatus.RESOLVED ? 'console.complaint.resolved' : 'console.complaint.rejected'));
    } catch {
      setBusy(null); // the api wrapper showed why
    }
  };

  return (
    <section className="console-panel" data-testid="console-decision">
      <h2 className="console-panel__title">{t('console.complaint.decide')}</h2>
      <TextAreaField
        label={t('console.complaint.answer')}
        value={answer}
        onValue={setAnswer}
        maxLength={ConsoleLimits.ANSWER_MAX}
        counter
        placeholder={t('console.complaint.answerPlaceholder')}
        testId="console-answer"
      />
      <div className="console-actions">
        <button
          type="button"
          className="btn btn--danger-outline"
          disabled={blank || busy !== null}
          onClick={() => void decide(ComplaintStatus.REJECTED)}
          data-testid="console-reject"
        >
          {busy === ComplaintStatus.REJECTED ? <Spinner size={18} /> : t('console.complaint.reject')}
        </button>
        <button
          type="button"
          className="btn btn--primary"
          disabled={blank || busy !== null}
          onClick={() => void decide(ComplaintStatus.RESOLVED)}
          data-testid="console-resolve"
        >
          {busy === ComplaintStatus.RESOLVED ? <Spinner size={18} /> : t('console.complaint.resolve')}
        </button>
      </div>
      <p className="form-note">{t('console.complaint.answerNote')}</p>
    </section>
  );
}
