/**
 * Lazy route chunks (spec §2): the spinner appears only after 200 ms, a load that
 * fails or takes over 60 s shows an error view that reloads on click.
 */
import { Component, Suspense, lazy, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Timing } from '@parley/protocol';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../ui/Spinner';

type Loader = () => Promise<{ default: ComponentType }>;

function withTimeout(load: Loader): Loader {
  return () =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('page load timeout')), Timing.PAGE_LOAD_TIMEOUT_MS);
      load().then(
        (mod) => {
          clearTimeout(timer);
          resolve(mod);
        },
        (err: unknown) => {
          clearTimeout(timer);
          reject(err instanceof Error ? err : new Error(String(err)));
        },
      );
    });
}

export function lazyPage(load: Loader): ComponentType {
  const Page = lazy(withTimeout(load));
  return function LazyPage() {
    return (
      <PageErrorBoundary>
        <Suspense fallback={<DelayedSpinner />}>
          <Page />
        </Suspense>
      </PageErrorBoundary>
    );
  };
}

function DelayedSpinner() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), Timing.PAGE_SPINNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return visible ? (
    <div className="page-state" data-testid="page-loading">
      <Spinner />
    </div>
  ) : null;
}

class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <PageLoadError /> : this.props.children;
  }
}

function PageLoadError() {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="page-state page-state--error"
      data-testid="page-load-error"
      onClick={() => location.reload()}
    >
      <span>{t('errors.pageLoadFailed')}</span>
    </button>
  );
}
