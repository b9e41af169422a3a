/** Title and intro of a notification in the reader's language: a tip is translated, else the operator's text. */
import type { SystemTip } from '@parley/protocol';
import type { Translate } from '../i18n/timeText';

interface Texts {
  title: string;
  intro: string;
  tip?: SystemTip;
}

const tipParams = (tip: SystemTip) => ({ ...tip.params, interpolation: { escapeValue: false } });

export const systemTitle = (m: Texts, t: Translate): string =>
  m.tip ? t(`tips.system.${m.tip.key}.title`, tipParams(m.tip)) : m.title;

export const systemIntro = (m: Texts, t: Translate): string =>
  m.tip ? t(`tips.system.${m.tip.key}.intro`, tipParams(m.tip)) : m.intro;
