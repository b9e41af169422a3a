import { Terminal } from '@parley/protocol';

/** An installed PWA (standalone display) logs in as APP, a browser tab as WEB. */
export function currentTerminal(): Terminal {
  const standalone =
    globalThis.matchMedia?.('(display-mode: standalone)').matches === true ||
    (globalThis.navigator as { standalone?: boolean } | undefined)?.standalone === true;
  return standalone ? Terminal.APP : Terminal.WEB;
}
