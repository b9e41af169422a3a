/**
 * A private video call relayed through a real coturn on loopback (issue 9, docs/CALLS.md
 * §7): the server hands out TURN REST credentials for a private `turnserver`
 * (support/turn.ts), both pages force `iceTransportPolicy: 'relay'` (an init script, so
 * the production build needs no test hook), media flows both ways, and both sides'
 * selected candidate pair has a `relay` local candidate. Without coturn the test fails
 * (scripts/setup-test-env.sh installs it); it never skips.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, startServer, type RunningServer } from '../support/index.js';
import { signIn, type Person } from '../support/contacts.js';
import { befriend, createMember } from '../support/chat.js';
import { connectVideoCall, expectCallClosed, recordPeerConnections } from '../support/call.js';
import { startTurn, type RunningTurn } from '../support/turn.js';

/** Every RTCPeerConnection the page makes gets `iceTransportPolicy: 'relay'`; the configs land on `__e2eRelayConfigs`. */
async function forceRelay(page: Page): Promise<void> {
  await page.context().addInitScript(() => {
    const Native = window.RTCPeerConnection;
    const configs: RTCConfiguration[] = [];
    (window as unknown as { __e2eRelayConfigs: RTCConfiguration[] }).__e2eRelayConfigs = configs;
    const relay = (config?: RTCConfiguration): RTCConfiguration => {
      const forced: RTCConfiguration = { ...config, iceTransportPolicy: 'relay' };
      configs.push(forced);
      return forced;
    };
    window.RTCPeerConnection = class extends Native {
      constructor(config?: RTCConfiguration) {
        super(relay(config));
      }
      override setConfiguration(config?: RTCConfiguration): void {
        super.setConfiguration(relay(config));
      }
    };
  });
}

interface SelectedPair {
  localType: string;
  remoteType: string;
  localProtocol: string;
  relayProtocol: string;
  localAddress: string;
}

/** The selected candidate pair of the page's newest open peer connection (null while there is none). */
function selectedPair(page: Page): Promise<SelectedPair | null> {
  return page.evaluate(async () => {
    type Stat = Record<string, unknown> & { id: string; type: string };
    const peers = (window as unknown as { __e2ePeers?: RTCPeerConnection[] }).__e2ePeers ?? [];
    const pc = [...peers].reverse().find((p) => p.connectionState !== 'closed');
    if (!pc) return null;
    const stats = new Map<string, Stat>();
    (await pc.getStats()).forEach((s: Stat) => stats.set(s.id, s));
    const all = [...stats.values()];
    const transport = all.find((s) => s.type === 'transport' && s.selectedCandidatePairId);
    const pair =
      (transport && stats.get(transport.selectedCandidatePairId as string)) ??
      all.find((s) => s.type === 'candidate-pair' && s.nominated === true && s.state === 'succeeded');
    if (!pair) return null;
    const local = stats.get(pair.localCandidateId as string);
    const remote = stats.get(pair.remoteCandidateId as string);
    return {
      localType: String(local?.candidateType),
      remoteType: String(remote?.candidateType),
      localProtocol: String(local?.protocol),
      relayProtocol: String(local?.relayProtocol),
      localAddress: String(local?.address ?? local?.ip),
    };
  });
}

async function expectRelayed(page: Page, who: string): Promise<SelectedPair> {
  const deadline = Date.now() + 20_000;
  let pair = await selectedPair(page);
  while (!pair && Date.now() < deadline) {
    await page.waitForTimeout(250);
    pair = await selectedPair(page);
  }
  expect(pair, `${who}: a selected candidate pair`).not.toBeNull();
  expect(pair?.localType, `${who}: local candidate type of the selected pair`).toBe('relay');
  expect(pair?.relayProtocol, `${who}: relay protocol`).toBe('udp');
  expect(pair?.localAddress, `${who}: relayed address (coturn's --relay-ip)`).toBe('127.0.0.1');
  return pair as SelectedPair;
}

describe('private video call through TURN (coturn on loopback, relay only)', () => {
  let turn: RunningTurn | undefined;
  let server: RunningServer;
  let browser: Browser;
  let a: Person;
  let b: Person;

  beforeAll(async () => {
    turn = await startTurn();
    server = await startServer({ snapshotWeb: true, env: turn.serverEnv });
    browser = await launchBrowser();
    const alice = await createMember(server, 'alice', 'Alice Relay');
    const bob = await createMember(server, 'bob', 'Bob Relay');
    await befriend(server, alice, bob);
    a = await signIn(browser, server, alice);
    b = await signIn(browser, server, bob);
    for (const page of [a.page, b.page]) {
      await forceRelay(page);
      await recordPeerConnections(page); // reloads, so both init scripts apply
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await turn?.stop();
  });

  it('connects a relay-only video call with media both ways over coturn', async () => {
    await connectVideoCall(a.page, b.page, b.id);

    // The pages got coturn from /system/config, with REST credentials, and relay was forced.
    for (const [page, who] of [
      [a.page, 'Alice'],
      [b.page, 'Bob'],
    ] as const) {
      const configs = await page.evaluate(
        () => (window as unknown as { __e2eRelayConfigs: RTCConfiguration[] }).__e2eRelayConfigs,
      );
      const config = configs.at(-1);
      expect(config?.iceTransportPolicy, `${who}: iceTransportPolicy`).toBe('relay');
      const turnEntry = config?.iceServers?.find((s) => [s.urls].flat().includes(turn?.serverEnv.TURN_URLS ?? ''));
      expect(turnEntry, `${who}: coturn in iceServers (${JSON.stringify(config?.iceServers)})`).toBeDefined();
      expect(turnEntry?.username, `${who}: TURN REST username`).toMatch(/^\d+:\d+$/);
    }
    const [pa, pb] = await Promise.all([expectRelayed(a.page, 'Alice'), expectRelayed(b.page, 'Bob')]);
    expect(pa.remoteType, 'Alice: remote candidate (only relays are gathered)').toBe('relay');
    expect(pb.remoteType, 'Bob: remote candidate (only relays are gathered)').toBe('relay');
    await screenshot(a.page, 'call-relay-connected-caller');
    // coturn itself saw both users allocate relays with their REST credentials.
    const coturnLog = turn?.output() ?? '';
    for (const person of [a, b]) {
      expect(coturnLog, `coturn log: ${person.nickName}'s ALLOCATE`).toMatch(
        new RegExp(`user <\\d+:${person.id}>: incoming packet ALLOCATE processed, success`),
      );
    }

    await a.page.getByTestId('call-hangup').click();
    await expectCallClosed(a.page);
    await expectCallClosed(b.page);
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
  });
});
