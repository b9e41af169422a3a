import { describe, expect, it, vi } from 'vitest';
import { CloseCode, Cmd, MessageType, RuntimeCode, Timing } from '@parley/protocol';
import { ImClient, type ImClientEvents, type SocketLike } from './ImClient';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: { cmd: number; data: unknown }[] = [];
  closedWith: number | undefined;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  send(data: string) {
    this.sent.push(JSON.parse(data) as { cmd: number; data: unknown });
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  serverOpen() {
    this.readyState = 1;
    this.onopen?.({});
  }
  serverSend(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  serverClose(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  /** Opens and answers the LOGIN frame. */
  login() {
    this.serverOpen();
    this.serverSend({ cmd: Cmd.LOGIN });
  }
}

function setup(random?: () => number) {
  vi.useFakeTimers();
  const sockets: FakeSocket[] = [];
  const events: ImClientEvents = {
    onForceLogout: vi.fn(),
    onAccountClosed: vi.fn(),
    onConnectionLost: vi.fn(),
    onReconnected: vi.fn(),
    onAuthFailed: vi.fn(async () => 'fresh-token'),
  };
  const client = new ImClient(
    {
      url: 'ws://test/im',
      random,
      createSocket: () => {
        const s = new FakeSocket();
        sockets.push(s);
        return s;
      },
    },
    events,
  );
  const live = () => sockets[sockets.length - 1]!;
  return { client, events, sockets, live };
}

describe('ImClient', () => {
  it('logs in with the access token, then reaches loggedIn on the answer', () => {
    const { client, live } = setup();
    const states: string[] = [];
    client.onStateChange((s) => states.push(s));
    client.connect('tok');
    live().serverOpen();
    expect(live().sent[0]).toEqual({ cmd: Cmd.LOGIN, data: { accessToken: 'tok' } });
    live().serverSend({ cmd: Cmd.LOGIN });
    expect(states).toEqual(['open', 'loggedIn']);
  });

  it('sends a heartbeat every 10 s', () => {
    const { client, live } = setup();
    client.connect('tok');
    live().serverOpen();
    live().serverSend({ cmd: Cmd.LOGIN });
    vi.advanceTimersByTime(Timing.HEARTBEAT_MS * 2);
    expect(live().sent.filter((f) => f.cmd === Cmd.HEARTBEAT)).toHaveLength(2);
  });

  it('reconnects no sooner than 10 s after the last attempt, with lost/reconnected notices', () => {
    const { client, events, sockets, live } = setup();
    client.connect('tok');
    live().serverOpen();
    live().serverSend({ cmd: Cmd.LOGIN });
    vi.advanceTimersByTime(3_000);
    live().serverClose(1006);
    expect(events.onConnectionLost).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(Timing.RECONNECT_MIN_GAP_MS - 3_000 - 1);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    live().serverOpen();
    live().serverSend({ cmd: Cmd.LOGIN });
    expect(events.onReconnected).toHaveBeenCalledTimes(1);
  });

  it('hands frames of cmd 3/4/5 to subscribers', () => {
    const { client, live } = setup();
    const got = vi.fn();
    client.subscribe(Cmd.PRIVATE_MESSAGE, got);
    client.connect('tok');
    live().serverOpen();
    live().serverSend({ cmd: Cmd.PRIVATE_MESSAGE, data: { id: 1 } });
    expect(got).toHaveBeenCalledWith({ cmd: Cmd.PRIVATE_MESSAGE, data: { id: 1 } });
  });

  it('cmd 2 closes normally (not 3099, kept for banned and deleted accounts) and never reconnects', () => {
    const { client, events, sockets, live } = setup();
    client.connect('tok');
    live().serverOpen();
    live().serverSend({ cmd: Cmd.FORCE_LOGOUT, data: 'elsewhere' });
    expect(live().closedWith).toBe(CloseCode.NORMAL);
    expect(events.onForceLogout).toHaveBeenCalledWith('elsewhere');
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(client.getState()).toBe('closed');
  });

  it('a banned system frame closes with 3099 and reports the reason', () => {
    const { client, events, live } = setup();
    client.connect('tok');
    live().serverOpen();
    live().serverSend({ cmd: Cmd.SYSTEM_MESSAGE, data: { type: MessageType.USER_BANNED, content: 'spam' } });
    expect(live().closedWith).toBe(CloseCode.BANNED_OR_UNREG);
    expect(events.onAccountClosed).toHaveBeenCalledWith(MessageType.USER_BANNED, 'spam');
  });

  it('refreshes the token when the server refuses it, then logs in with the new one', async () => {
    const { client, events, sockets, live } = setup();
    client.connect('old');
    live().serverOpen();
    live().serverClose(CloseCode.AUTH_FAILED);
    await vi.advanceTimersByTimeAsync(Timing.RECONNECT_MIN_GAP_MS);
    expect(events.onAuthFailed).toHaveBeenCalled();
    expect(sockets).toHaveLength(2);
    live().serverOpen();
    expect(live().sent[0]).toEqual({ cmd: Cmd.LOGIN, data: { accessToken: 'fresh-token' } });
  });
});

describe('ImClient runtime codes', () => {
  // Spec §8: a connection that never opens is 600009.
  it('reports 600009 when the socket cannot connect, and clears it once logged in', () => {
    const { client, live } = setup();
    client.connect('token');
    expect(client.lastFailure()).toBeNull();
    live().serverClose(1006);
    expect(client.lastFailure()).toEqual({
      code: RuntimeCode.SOCKET_CONNECT_FAILURE,
      message: 'socket connect failure',
    });
    vi.advanceTimersByTime(Timing.RECONNECT_MIN_GAP_MS);
    live().login();
    expect(client.getState()).toBe('loggedIn');
    expect(client.lastFailure()).toBeNull();
  });

  it('tells the failure to listeners (the connection banner shows it) and its clearing', () => {
    const { client, live } = setup();
    const seen: (number | null)[] = [];
    client.onFailureChange((f) => seen.push(f?.code ?? null));
    client.connect('token');
    live().serverClose(1006);
    vi.advanceTimersByTime(Timing.RECONNECT_MIN_GAP_MS);
    live().serverClose(1006); // the retry fails too: told once
    vi.advanceTimersByTime(Timing.RECONNECT_MIN_GAP_MS);
    live().login();
    expect(seen).toEqual([RuntimeCode.SOCKET_CONNECT_FAILURE, null]);
  });
});

describe('ImClient and a server going away', () => {
  // A server shutting down closes sockets with 1001: the client reconnects quietly (issue 11 point 6).
  it('shows neither "connection lost" nor "reconnected" around a 1001 restart', () => {
    const { client, events, live, sockets } = setup();
    client.connect('tok');
    live().login();
    live().serverClose(CloseCode.GOING_AWAY);
    expect(client.getState()).toBe('closed');
    // While the server is down, attempts fail (1006) — still quiet.
    vi.advanceTimersByTime(Timing.RECONNECT_MIN_GAP_MS);
    live().serverClose(1006);
    vi.advanceTimersByTime(Timing.RECONNECT_MIN_GAP_MS);
    live().login();
    expect(sockets.length).toBe(3);
    expect(client.getState()).toBe('loggedIn');
    expect(events.onConnectionLost).not.toHaveBeenCalled();
    expect(events.onReconnected).not.toHaveBeenCalled();
    // An ordinary drop afterwards is announced as before.
    live().serverClose(1006);
    expect(events.onConnectionLost).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(Timing.RECONNECT_MIN_GAP_MS);
    live().login();
    expect(events.onReconnected).toHaveBeenCalledTimes(1);
  });
});

describe('ImClient and a node draining for a restart (issue 23 point 5)', () => {
  it('4010 reconnects after the random jitter, inside the reconnect gap, with no notice and no logout', () => {
    const { client, events, live, sockets } = setup(() => 0.5);
    client.connect('tok');
    live().login();
    live().serverClose(CloseCode.RESTARTING);
    expect(client.getState()).toBe('closed');
    const jitter = 0.5 * Timing.RESTART_RECONNECT_JITTER_MS;
    vi.advanceTimersByTime(jitter - 1);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    live().login();
    expect(client.getState()).toBe('loggedIn');
    expect(events.onConnectionLost).not.toHaveBeenCalled();
    expect(events.onReconnected).not.toHaveBeenCalled();
    expect(events.onForceLogout).not.toHaveBeenCalled();
    expect(events.onAuthFailed).not.toHaveBeenCalled();
  });

  it('the delay spans 0 to the jitter bound; a failed attempt after it waits the usual gap, still quietly', () => {
    // The lowest draw reconnects at once, the highest just before the bound.
    for (const [r, before, by] of [
      [0, -1, 0],
      [0.999, Timing.RESTART_RECONNECT_JITTER_MS - 10, Timing.RESTART_RECONNECT_JITTER_MS],
    ] as const) {
      const { client, live, sockets } = setup(() => r);
      client.connect('tok');
      live().login();
      live().serverClose(CloseCode.RESTARTING);
      if (before >= 0) {
        vi.advanceTimersByTime(before);
        expect(sockets).toHaveLength(1);
      }
      vi.advanceTimersByTime(by - Math.max(0, before));
      expect(sockets).toHaveLength(2);
      client.close();
      vi.useRealTimers();
    }
    const { client, events, live, sockets } = setup(() => 0);
    client.connect('tok');
    live().login();
    live().serverClose(CloseCode.RESTARTING);
    vi.advanceTimersByTime(0);
    live().serverClose(1006); // the balancer had no node yet
    vi.advanceTimersByTime(Timing.RECONNECT_MIN_GAP_MS - 1);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    live().login();
    expect(client.getState()).toBe('loggedIn');
    expect(events.onConnectionLost).not.toHaveBeenCalled();
    expect(events.onReconnected).not.toHaveBeenCalled();
  });
});

describe('ImClient and the browser network events (issue 20 point 2)', () => {
  it('offline closes a live socket at once, with the lost notice, and makes no attempt while offline', () => {
    const { client, events, live, sockets } = setup();
    client.connect('tok');
    live().login();
    client.networkChanged(false);
    expect(client.getState()).toBe('closed');
    expect(live().closedWith).toBe(CloseCode.NORMAL);
    expect(events.onConnectionLost).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(Timing.RECONNECT_MIN_GAP_MS * 5);
    expect(sockets).toHaveLength(1);
  });

  it('online tries at once, inside the reconnect gap, and logs in with the reconnected notice', () => {
    const { client, events, live, sockets } = setup();
    client.connect('tok');
    live().login();
    client.networkChanged(false);
    vi.advanceTimersByTime(1_000); // well inside the 10 s gap since the last attempt
    client.networkChanged(true);
    expect(sockets).toHaveLength(2);
    live().login();
    expect(client.getState()).toBe('loggedIn');
    expect(events.onReconnected).toHaveBeenCalledTimes(1);
  });

  it('a start while offline waits for the network; a repeated event changes nothing', () => {
    const { client, sockets } = setup();
    client.networkChanged(false);
    client.connect('tok');
    expect(sockets).toHaveLength(0);
    client.networkChanged(true);
    client.networkChanged(true);
    expect(sockets).toHaveLength(1);
  });

  it('a failed attempt while online keeps the gap; the network coming back skips it', () => {
    const { client, live, sockets } = setup();
    client.connect('tok');
    live().serverClose(1006); // server unreachable: 600009, next try after the gap
    expect(client.lastFailure()?.code).toBe(RuntimeCode.SOCKET_CONNECT_FAILURE);
    client.networkChanged(false);
    client.networkChanged(true);
    expect(sockets).toHaveLength(2);
    live().serverClose(1006);
    vi.advanceTimersByTime(Timing.RECONNECT_MIN_GAP_MS - 1);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
  });

  it('after a logout the events open nothing', () => {
    const { client, sockets } = setup();
    client.connect('tok');
    client.close();
    client.networkChanged(false);
    client.networkChanged(true);
    expect(sockets).toHaveLength(1);
  });
});
