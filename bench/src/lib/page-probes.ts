/**
 * Functions that run inside the page (page.evaluate / addInitScript): each is
 * self-contained and times with the page's own clock, so no DevTools round trip
 * is counted. Selectors follow the web app's test ids (pages/chat, pages/chat/box).
 */

export interface StartMarks {
  firstRow?: number;
  ready?: number;
  count: number;
  phase: string;
}
declare global {
  interface Window {
    __benchMarks?: StartMarks;
  }
}

/** Init script: from navigation start, stamps the first frame with chat rows and the frame where the list is complete. */
export function startupProbe(want: number): void {
  const marks: StartMarks = { count: 0, phase: '' };
  window.__benchMarks = marks;
  const tick = () => {
    const list = document.querySelector<HTMLElement>('[data-testid="chat-list"]');
    if (marks.firstRow === undefined && list?.querySelector('[data-testid^="chat-row-"]')) {
      marks.firstRow = performance.now();
    }
    // The virtual list's height is its row count × 72 px (ChatRow ROW_HEIGHT): the data layer's list length.
    marks.count = list ? Math.round(parseFloat(list.style.height) / 72) : 0;
    marks.phase = document.querySelector('[data-testid="chat-phase"]')?.getAttribute('data-phase') ?? '';
    if (marks.ready === undefined && marks.phase === 'ready' && marks.count >= want) marks.ready = performance.now();
    if (marks.ready === undefined && performance.now() < 600_000) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/** Scrolls the chat list pane from top to bottom at `speed` px/s, one step per frame; returns frame intervals. */
export async function scrollChatList(speed: number): Promise<{ frames: number[]; ms: number; lastRow: string }> {
  const pane = document.querySelector('[data-testid="chat-list"]')?.closest<HTMLElement>('.shell__pane');
  if (!pane) throw new Error('no chat list pane');
  const frame = () => new Promise<number>((r) => requestAnimationFrame(r));
  pane.scrollTop = 0;
  await frame();
  await frame();
  const max = pane.scrollHeight - pane.clientHeight;
  const frames: number[] = [];
  const start = await frame();
  let last = start;
  for (;;) {
    const y = Math.min(max, ((last - start) * speed) / 1000);
    pane.scrollTop = y;
    const ts = await frame();
    frames.push(ts - last);
    last = ts;
    if (y >= max) break;
  }
  const rows = document.querySelectorAll('[data-testid^="chat-row-"]');
  return { frames, ms: last - start, lastRow: rows[rows.length - 1]?.getAttribute('data-testid') ?? '' };
}

/** Brings a chat row into the rendered window of the virtual list (top, then bottom); false when absent. */
export async function findRow(testId: string): Promise<boolean> {
  const frame = () => new Promise<number>((r) => requestAnimationFrame(r));
  for (const where of ['stay', 'top', 'bottom']) {
    const pane = document.querySelector('[data-testid="chat-list"]')?.closest<HTMLElement>('.shell__pane');
    if (!pane) return false;
    if (where === 'top') pane.scrollTop = 0;
    if (where === 'bottom') pane.scrollTop = pane.scrollHeight;
    await frame();
    await frame();
    if (document.querySelector(`[data-testid="${testId}"]`)) return true;
  }
  return false;
}

/** Clicks a chat row; times the first frame with the chat box and the frame where `messageTestId` is in view. */
export function openChat(args: {
  row: string;
  message: string;
  timeoutMs: number;
}): Promise<{ boxMs: number; newestMs: number }> {
  const row = document.querySelector<HTMLElement>(`[data-testid="${args.row}"]`);
  if (!row) throw new Error(`row ${args.row} not rendered`);
  const t0 = performance.now();
  let boxMs = NaN;
  row.click();
  return new Promise((resolve) => {
    const tick = () => {
      const now = performance.now();
      const list = document.querySelector('[data-testid="message-list"]');
      if (Number.isNaN(boxMs) && list) boxMs = now - t0;
      const m = document.querySelector(`[data-testid="${args.message}"]`);
      if (list && m) {
        const a = list.getBoundingClientRect();
        const b = m.getBoundingClientRect();
        if (b.bottom > a.top && b.top < a.bottom) return resolve({ boxMs, newestMs: now - t0 });
      }
      if (now - t0 > args.timeoutMs) return resolve({ boxMs, newestMs: NaN });
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

/**
 * Scrolls the message list to the top `pages` times; each time waits for the
 * history spinner to come and go and a frame after; returns ms per page (stops
 * early when no load starts within `idleMs`: no more history).
 */
export async function loadOlderPages(args: { pages: number; idleMs: number; timeoutMs: number }): Promise<number[]> {
  const list = document.querySelector<HTMLElement>('[data-testid="message-list"]');
  if (!list) throw new Error('no message list');
  const times: number[] = [];
  const frame = () => new Promise<number>((r) => requestAnimationFrame(r));
  for (let p = 0; p < args.pages; p++) {
    let seen = false;
    let gone = false;
    const observer = new MutationObserver((records) => {
      for (const r of records) {
        for (const n of r.addedNodes) if ((n as Element).classList?.contains('message-list__older')) seen = true;
        for (const n of r.removedNodes) if ((n as Element).classList?.contains('message-list__older')) gone = seen;
      }
    });
    observer.observe(list, { childList: true });
    const t0 = performance.now();
    list.scrollTop = 0;
    let now = t0;
    while (!gone && now - t0 < (seen ? args.timeoutMs : args.idleMs)) now = await frame();
    observer.disconnect();
    if (!gone) break;
    times.push((await frame()) - t0);
    await frame();
  }
  return times;
}

/** Clicks the chat box's back button; ms until the chat list shows again. */
export function backToList(): Promise<number> {
  const t0 = performance.now();
  document.querySelector<HTMLElement>('[data-testid="nav-back"]')?.click();
  return new Promise((resolve) => {
    const tick = () => {
      if (document.querySelector('[data-testid^="chat-row-"]') || performance.now() - t0 > 30_000) {
        return resolve(performance.now() - t0);
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

/** Chats in the stored IndexedDB index of `userId` (persistence.ts: db "parley", store "chats"). */
export function storedChatCount(userId: number): Promise<number> {
  return new Promise((resolve) => {
    const req = indexedDB.open('parley');
    req.onerror = () => resolve(0);
    req.onsuccess = () => {
      const db = req.result;
      if (!db.objectStoreNames.contains('chats')) return resolve(0);
      const get = db.transaction('chats', 'readonly').objectStore('chats').get(`chats-app-${userId}`);
      get.onsuccess = () => resolve((get.result as { chatKeys?: string[] } | undefined)?.chatKeys?.length ?? 0);
      get.onerror = () => resolve(0);
    };
  });
}
