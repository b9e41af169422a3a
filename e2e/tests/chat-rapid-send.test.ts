/**
 * Hardening, point 6 in the browser: a person pasting lines and pressing Enter as fast
 * as the keyboard goes never trips the socket's frame budget. Alice sends 60 texts
 * (fill + Enter), Bob's page receives all 60 in order over its socket, and neither
 * page's socket ever closed (the server's default limits are on here).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Cmd, Terminal, Typing, WS_PATH } from '@parley/protocol';
import { launchBrowser, startServer, type RunningServer } from '../support/index.js';
import { befriend, createMember, openTerminal, type Member } from '../support/chat.js';
import { openChatByRoute, waitForText } from '../support/chat-box.js';

/** What one page's /im sockets did: how many opened and closed, frames sent by cmd, texts received. */
interface SocketLog {
  opened: number;
  closed: number;
  sent: Map<number, number>;
  received: string[];
}

function recordSockets(page: Page): SocketLog {
  const log: SocketLog = { opened: 0, closed: 0, sent: new Map(), received: [] };
  page.on('websocket', (ws) => {
    if (new URL(ws.url()).pathname !== WS_PATH) return;
    log.opened += 1;
    ws.on('close', () => (log.closed += 1));
    ws.on('framesent', ({ payload }) => {
      const { cmd } = JSON.parse(String(payload)) as { cmd: number };
      log.sent.set(cmd, (log.sent.get(cmd) ?? 0) + 1);
    });
    ws.on('framereceived', ({ payload }) => {
      const frame = JSON.parse(String(payload)) as { cmd: number; data?: { content?: unknown } };
      const content = frame.data?.content;
      if (frame.cmd === Cmd.PRIVATE_MESSAGE && typeof content === 'string' && content.startsWith('line '))
        log.received.push(content);
    });
  });
  return log;
}

describe('sending 60 messages as fast as Enter is pressed', () => {
  let server: RunningServer;
  let browser: Browser;
  let alice: Member;
  let bob: Member;
  let a: Page;
  let b: Page;
  let aLog: SocketLog;
  let bLog: SocketLog;

  beforeAll(async () => {
    server = await startServer({ snapshotWeb: true });
    browser = await launchBrowser();
    alice = await createMember(server, 'alice', 'Alice Rapid');
    bob = await createMember(server, 'bob', 'Bob Rapid');
    await befriend(server, alice, bob);
    a = (await openTerminal(browser, server, alice, Terminal.WEB, async (p) => void (aLog = recordSockets(p)))).page;
    b = (await openTerminal(browser, server, bob, Terminal.WEB, async (p) => void (bLog = recordSockets(p)))).page;
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('all 60 arrive in order and no socket disconnects', async () => {
    await openChatByRoute(a, server, bob.id);
    await openChatByRoute(b, server, alice.id);
    const input = a.getByTestId('composer-input');
    const lines = Array.from({ length: 60 }, (_, i) => `line ${i + 1}`);
    const typingFrom = Date.now();
    for (const line of lines) {
      await input.fill(line);
      await input.press('Enter');
    }
    const typingMs = Date.now() - typingFrom;
    await waitForText(b, 'line 60', false);
    expect(bLog.received).toEqual(lines);
    await waitForText(a, 'line 60', true);
    await b.getByTestId('connection-banner').waitFor({ state: 'detached' });
    await a.getByTestId('connection-banner').waitFor({ state: 'detached' });
    expect([aLog.opened, aLog.closed, bLog.opened, bLog.closed]).toEqual([1, 0, 1, 0]);
    // At most a start and a stop per Typing.SEND_EVERY_MS of typing (a slow machine types
    // longer), never two typing frames a line.
    const bound = 2 * Math.ceil(typingMs / Typing.SEND_EVERY_MS) + 2;
    expect(aLog.sent.get(Cmd.TYPING) ?? 0).toBeLessThanOrEqual(Math.min(bound, lines.length));
  });
});
