/** Agreement and privacy pages: sections from the locale catalogue (`<doc>.sections`). */
import { useTranslation } from 'react-i18next';
import { NavBar } from '../../ui/NavBar';

interface Section {
  title: string;
  text: string;
}

export function PolicyText({ doc, testId }: { doc: 'agreement' | 'privacy'; testId: string }) {
  const { t } = useTranslation();
  const sections = t(`${doc}.sections`, { returnObjects: true }) as unknown;
  return (
    <div className="page page--narrow">
      <NavBar title={t(`${doc}.title`)} backTo="/" />
      <article className="prose" data-testid={testId}>
        <p>{t(`${doc}.intro`)}</p>
        {typeof sections === 'object' &&
          sections !== null &&
          Object.values(sections as Record<string, Section>).map((s) => (
            <section key={s.title}>
              <h2>{s.title}</h2>
              <p>{s.text}</p>
            </section>
          ))}
        <p>{t(`${doc}.updated`)}</p>
      </article>
    </div>
  );
}
