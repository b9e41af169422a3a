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

/** Every page made here; `preloadPages` fetches their chunks while the app is idle, `first` ones first. */
const registry: { get: () => Promise<unknown>; first: boolean }[] = [];

/** A lazy page; `preload` fetches its chunk now (a page needed for the first render). */
export type LazyPage = ComponentType & { preload: () => Promise<unknown> };

export function lazyPage(load: Loader, options: { preloadFirst?: boolean } = {}): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<{ default: ComponentType }> | undefined;
  const get = () =>
    (loading ??= withTimeout(load)().then(
      (mod) => {
        loaded = mod.default;
        return mod;
      },
      (err: unknown) => {
        loading = undefined; // a later visit tries again
        throw err;
      },
    ));
  registry.push({ get, first: options.preloadFirst ?? false });
  const Page = lazy(get);
  return Object.assign(
    function LazyPage() {
      // A chunk already here renders in this frame: a suspended first render would wait for
      // React's fallback throttle (about 300 ms) although the code is in memory.
      const Loaded = loaded;
      return (
        <PageErrorBoundary>
          {Loaded ? (
            <Loaded />
          ) : (
            <Suspense fallback={<DelayedSpinner />}>
              <Page />
            </Suspense>
          )}
        </PageErrorBoundary>
      );
    },
    { preload: get },
  );
}

/** The user asked the browser to save data (Data Saver, Lite mode): fetch only what they open. */
export function savingData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}

/**
 * Fetches every page's chunk, one after another, when the browser is idle, so the
 * first visit to a page opens at once (the pages together are a few hundred KB).
 * Not when the user saves data: then each page loads on its first visit. The root
 * element's `data-preload` says which (`off`, `loading`, `done`).
 */
let preloaded = false;
export function preloadPages(): void {
  if (preloaded) return;
  preloaded = true;
  const mark = (state: 'off' | 'loading' | 'done') => {
    if (typeof document !== 'undefined') document.documentElement.dataset.preload = state;
  };
  if (savingData()) return mark('off');
  mark('loading');
  const queue = [...registry.filter((p) => p.first), ...registry.filter((p) => !p.first)];
  const next = () => {
    const page = queue.shift();
    if (!page) return mark('done');
    void page
      .get()
      .catch(() => undefined)
      .then(() => whenIdle(next));
  };
  whenIdle(next);
}

function whenIdle(fn: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(fn, { timeout: 1000 });
  else setTimeout(fn, 50);
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
