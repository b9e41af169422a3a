/** The add / edit sheet of a Discover link. The server checks the address can be framed on save. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DiscoverLimits, isWebUrl, type DiscoverLink } from '@parley/protocol';
import { saveLink } from '../../../console/discover';
import { nextSort } from '../../../console/reorder';
import { FormField } from '../../../ui/FormField';
import { Sheet } from '../../../ui/Sheet';
import { Spinner } from '../../../ui/Spinner';
import { Switch } from '../../../ui/Switch';
import { ImageField } from '../parts/ImageField';
import { TextAreaField } from '../parts/TextAreaField';

interface LinkEditorProps {
  link: DiscoverLink | null;
  links: DiscoverLink[];
  onClose: () => void;
  onSaved: (link: DiscoverLink) => void;
}

export function LinkEditor({ link, links, onClose, onSaved }: LinkEditorProps) {
  const { t } = useTranslation();
  const [form, setForm] = useState({
    title: link?.title ?? '',
    url: link?.url ?? 'https://',
    description: link?.description ?? '',
    iconUrl: link?.iconUrl ?? '',
    bannerUrl: link?.bannerUrl ?? '',
    featured: link?.featured ?? false,
  });
  const [busy, setBusy] = useState(false);
  const set =
    <K extends keyof typeof form>(key: K) =>
    (value: (typeof form)[K]) =>
      setForm((f) => ({ ...f, [key]: value }));
  const urlOk = isWebUrl(form.url.trim());
  const ready = form.title.trim() !== '' && urlOk;

  const save = async () => {
    if (!ready || busy) return;
    setBusy(true);
    try {
      onSaved(await saveLink({ ...(link ? { id: link.id } : {}), ...form, sort: link ? link.sort : nextSort(links) }));
    } catch {
      setBusy(false); // the api wrapper showed why
    }
  };

  return (
    <Sheet
      title={link ? t('console.discover.editTitle') : t('console.discover.addTitle')}
      onClose={onClose}
      testId="console-link-editor"
      footer={
        <>
          <button type="button" className="btn btn--block" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="btn btn--primary btn--block"
            disabled={!ready || busy}
            onClick={() => void save()}
            data-testid="console-link-save"
          >
            {busy ? <Spinner size={18} /> : t('common.save')}
          </button>
        </>
      }
    >
      <div className="form console-sheet-body">
        <FormField
          label={t('console.discover.linkTitle')}
          value={form.title}
          onValue={set('title')}
          maxLength={DiscoverLimits.TITLE_MAX}
          testId="console-link-title"
        />
        <FormField
          label={t('console.discover.url')}
          value={form.url}
          onValue={set('url')}
          maxLength={DiscoverLimits.URL_MAX}
          type="url"
          dir="ltr"
          error={form.url.trim() && !urlOk ? 'console.discover.urlInvalid' : undefined}
          testId="console-link-url"
        />
        <TextAreaField
          label={t('console.discover.description')}
          value={form.description}
          onValue={set('description')}
          maxLength={DiscoverLimits.DESCRIPTION_MAX}
          inputClass="console-intro"
          testId="console-link-description"
        />
        <ImageField
          label={t('console.discover.icon')}
          value={form.iconUrl}
          onValue={set('iconUrl')}
          pick={(r) => r.thumbUrl}
          shape="square"
          testId="console-link-icon"
        />
        <label className="console-switch-row">
          <span>{t('console.discover.featuredLabel')}</span>
          <Switch
            checked={form.featured}
            onChange={set('featured')}
            label={t('console.discover.featuredLabel')}
            testId="console-link-featured"
          />
        </label>
        {form.featured && (
          <ImageField
            label={t('console.discover.banner')}
            value={form.bannerUrl}
            onValue={set('bannerUrl')}
            testId="console-link-banner"
          />
        )}
        <p className="form-note">{t('console.discover.probeNote')}</p>
      </div>
    </Sheet>
  );
}
