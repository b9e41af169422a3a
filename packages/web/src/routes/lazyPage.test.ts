// Idle preloading of page chunks: every page, the first ones first; none when the user saves data.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

let idle: (() => void)[] = [];

beforeEach(() => {
  vi.resetModules();
  idle = [];
  vi.stubGlobal('requestIdleCallback', (fn: () => void) => idle.push(fn));
});
afterEach(() => vi.unstubAllGlobals());

/** Runs idle callbacks until none is queued, letting each chunk's promise settle. */
async function drainIdle(): Promise<void> {
  while (idle.length > 0) {
    idle.shift()!();
    await new Promise((r) => setTimeout(r, 0));
  }
}

async function pagesWith(saveData: boolean | undefined) {
  vi.stubGlobal('navigator', saveData === undefined ? {} : { connection: { saveData } });
  const { lazyPage, preloadPages } = await import('./lazyPage');
  const order: string[] = [];
  const loader = (name: string) => () => {
    order.push(name);
    return Promise.resolve({ default: () => null });
  };
  lazyPage(loader('later'));
  lazyPage(loader('chat box'), { preloadFirst: true });
  lazyPage(loader('last'));
  return { preloadPages, order };
}

describe('preloadPages', () => {
  it('fetches every page while idle, the first ones first, once', async () => {
    const { preloadPages, order } = await pagesWith(false);
    preloadPages();
    expect(order).toEqual([]); // nothing before the browser is idle
    await drainIdle();
    expect(order).toEqual(['chat box', 'later', 'last']);
    preloadPages();
    await drainIdle();
    expect(order).toHaveLength(3);
  });

  it('fetches when the browser says nothing about saving data', async () => {
    const { preloadPages, order } = await pagesWith(undefined);
    preloadPages();
    await drainIdle();
    expect(order).toHaveLength(3);
  });

  it('fetches nothing ahead when the user saves data', async () => {
    const { preloadPages, order } = await pagesWith(true);
    preloadPages();
    await drainIdle();
    expect(order).toEqual([]);
  });
});
