/**
 * The life of a call page's call, private or group (docs/CALLS.md §8.3, §8.5): it starts
 * when the page mounts (and survives React mounting a page twice at once), runs its
 * work one step at a time, and ends by `finish` (toast, close the page), `leave` (the page
 * went away) or `unload` (the tab closes: the end request must outlive it).
 */
import { CallFailReason } from '@parley/protocol';
import { errorText, t } from '../i18n';
import { showToast } from '../ui/toast';
import { CallMediaError } from './media';

/** The end requests a call needs, by action. */
export interface EndRequests<A> {
  end(action: A): Promise<unknown>;
  endOnUnload(action: A): void;
}

export abstract class CallLifecycle<A> {
  protected ended = false;
  protected work: Promise<unknown> = Promise.resolve();
  private started = false;
  private disposeTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    protected callId: string | null,
    private readonly closePage: () => void,
  ) {}

  protected abstract readonly endRequests: EndRequests<A>;
  protected abstract start(): void;
  /** The end action my state calls for. */
  protected abstract endAction(): A;
  /** Stop everything (media, connections, timers) and forget the call. */
  protected abstract release(): void;

  /** The page mounted (again: React may unmount and mount a page at once in development). */
  mount(): void {
    if (this.disposeTimer !== null) clearTimeout(this.disposeTimer);
    this.disposeTimer = null;
    if (this.started) return;
    this.started = true;
    this.start();
  }

  /** The page unmounted: leave the call unless it mounts again right away. */
  unmount(): void {
    this.disposeTimer = setTimeout(() => this.leave(), 0);
  }

  protected enqueue(fn: () => Promise<void> | void): Promise<unknown> {
    this.work = this.work.then(fn).catch((err: unknown) => console.warn('call', err));
    return this.work;
  }

  /** Stop everything; toast `text`, else `errors.<key>` (null: none), and leave the page. */
  finish(key: string | null, text?: string): void {
    if (this.ended) return;
    this.release();
    if (text) showToast(text);
    else if (key) showToast(errorText(key, t('errors.callFailed')));
    this.closePage();
  }

  /** The page goes away (Back, route change): end my side if the call still runs. */
  leave(): void {
    if (this.ended) return;
    if (this.callId) void this.endRequests.end(this.endAction());
    this.release();
  }

  /** The tab closes: the end request must outlive it. */
  unload(): void {
    if (this.ended) return;
    if (this.callId) this.endRequests.endOnUnload(this.endAction());
    this.release();
  }

  /**
   * getUserMedia failed: an invited party tells the call why (`tell`), then the page
   * closes with the reason. Returns false for `if (!(await prepareMedia())) return`.
   */
  protected mediaFailed(err: unknown, tell: ((reason: string) => unknown) | null): false {
    const key = err instanceof CallMediaError ? err.key : 'permissionFailed';
    if (tell && this.callId) {
      const unsupported = key === 'callUnsupported' || key === 'callNeedsHttps';
      void tell(unsupported ? CallFailReason.DEVICE_UNSUPPORTED : CallFailReason.PERMISSION_DENIED);
    }
    this.finish(key);
    return false;
  }
}
