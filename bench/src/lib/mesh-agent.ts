/**
 * The in-page side of the mesh bench (call-mesh.ts): each participant's page runs
 * `meshAgent` (self-contained: it is serialised into the page) with its own socket,
 * camera and peer connections, and exposes `window.__mesh` for the bench to drive.
 */
export interface MeshInit {
  api: string;
  ws: string;
  token: string;
  tokenHeader: string;
  selfId: number;
  loginCmd: number;
  heartbeatCmd: number;
  /** Camera height asked for (MESH_HEIGHT, e.g. 240); 0: the fake camera's default (640×480). */
  height: number;
}
export interface StreamStats {
  peerId: number;
  state: string;
  framesDecoded: number;
  framesDropped: number;
  framesReceived: number;
  bytes: number;
  framesEncoded: number;
  limitation: string;
  height: number;
}

/** Runs in each page: socket, camera, and the mesh; exposes window.__mesh. */
export async function meshAgent(init: MeshInit): Promise<void> {
  type Frame = { cmd: number; data?: { type: number; groupId: number; sendId: number; content: string } };
  const peers = new Map<number, { pc: RTCPeerConnection; pending: RTCIceCandidateInit[] }>();
  let groupId = 0;
  const post = async (path: string, body?: unknown): Promise<unknown> => {
    const res = await fetch(init.api + path, {
      method: 'POST',
      headers: {
        [init.tokenHeader]: init.token,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const reply = (await res.json()) as { code: number; message: string; data: unknown };
    if (reply.code !== 200) throw new Error(`${path}: ${reply.code} ${reply.message}`);
    return reply.data;
  };
  const stream = await navigator.mediaDevices.getUserMedia({
    audio: true,
    video: init.height ? { height: init.height } : true,
  });
  const peer = (id: number) => {
    let entry = peers.get(id);
    if (entry) return entry;
    const pc = new RTCPeerConnection({ iceServers: [] });
    entry = { pc, pending: [] };
    peers.set(id, entry);
    for (const track of stream.getTracks()) pc.addTrack(track, stream);
    pc.onicecandidate = (e) => {
      if (e.candidate?.candidate)
        void post('/webrtc/group/candidate', { groupId, userId: id, candidate: e.candidate.toJSON() }).catch(
          (err: unknown) => console.warn(`candidate to ${id}: ${String(err)}`),
        );
    };
    pc.ontrack = (e) => {
      let video = document.querySelector<HTMLVideoElement>(`video[data-peer="${id}"]`);
      if (!video) {
        video = document.createElement('video');
        video.dataset.peer = String(id);
        video.muted = true;
        video.autoplay = true;
        video.playsInline = true;
        video.width = 160;
        video.height = 120;
        document.body.append(video);
      }
      video.srcObject = e.streams[0] ?? new MediaStream([e.track]);
      void video.play().catch(() => undefined);
    };
    return entry;
  };
  const flush = async (entry: { pc: RTCPeerConnection; pending: RTCIceCandidateInit[] }) => {
    for (const c of entry.pending.splice(0)) await entry.pc.addIceCandidate(c);
  };
  const onSignal = async (d: NonNullable<Frame['data']>) => {
    if (d.groupId !== groupId) return;
    if (d.type === 208) {
      const entry = peer(d.sendId);
      await entry.pc.setRemoteDescription(JSON.parse(d.content) as RTCSessionDescriptionInit);
      await flush(entry);
      const answer = await entry.pc.createAnswer();
      await entry.pc.setLocalDescription(answer);
      await post('/webrtc/group/answer', { groupId, userId: d.sendId, answer: entry.pc.localDescription?.toJSON() });
    } else if (d.type === 209) {
      const entry = peers.get(d.sendId);
      if (!entry) return;
      await entry.pc.setRemoteDescription(JSON.parse(d.content) as RTCSessionDescriptionInit);
      await flush(entry);
    } else if (d.type === 210) {
      const entry = peer(d.sendId);
      const candidate = JSON.parse(d.content) as RTCIceCandidateInit;
      if (entry.pc.remoteDescription) await entry.pc.addIceCandidate(candidate);
      else entry.pending.push(candidate);
    }
  };
  // Signals of one peer are handled in order.
  const chains = new Map<number, Promise<void>>();
  const ws = new WebSocket(init.ws);
  await new Promise<void>((resolve, reject) => {
    ws.onopen = () => ws.send(JSON.stringify({ cmd: init.loginCmd, data: { accessToken: init.token } }));
    ws.onerror = () => reject(new Error('socket error'));
    ws.onmessage = (e: MessageEvent<string>) => {
      const frame = JSON.parse(e.data) as Frame;
      if (frame.cmd === init.loginCmd) resolve();
      if (frame.cmd === 4 && frame.data && frame.data.type >= 200 && frame.data.type <= 211) {
        const d = frame.data;
        const next = (chains.get(d.sendId) ?? Promise.resolve())
          .then(() => onSignal(d))
          .catch((err: unknown) => console.warn(`signal ${d.type} from ${d.sendId}: ${String(err)}`));
        chains.set(d.sendId, next);
      }
    };
  });
  setInterval(() => ws.send(JSON.stringify({ cmd: init.heartbeatCmd, data: {} })), 10_000);

  const stats = async (): Promise<StreamStats[]> => {
    const out: StreamStats[] = [];
    for (const [peerId, { pc }] of peers) {
      const s: StreamStats = {
        peerId,
        state: pc.connectionState,
        framesDecoded: 0,
        framesDropped: 0,
        framesReceived: 0,
        bytes: 0,
        framesEncoded: 0,
        limitation: '',
        height: 0,
      };
      (await pc.getStats()).forEach((r: Record<string, unknown>) => {
        if (r.type === 'inbound-rtp' && r.kind === 'video') {
          s.framesDecoded += Number(r.framesDecoded ?? 0);
          s.framesDropped += Number(r.framesDropped ?? 0);
          s.framesReceived += Number(r.framesReceived ?? 0);
          s.bytes += Number(r.bytesReceived ?? 0);
          s.height = Number(r.frameHeight ?? 0);
        } else if (r.type === 'outbound-rtp' && r.kind === 'video') {
          s.framesEncoded += Number(r.framesEncoded ?? 0);
          s.limitation = String(r.qualityLimitationReason ?? '');
        }
      });
      out.push(s);
    }
    return out;
  };
  let beat: ReturnType<typeof setInterval> | undefined;
  (window as unknown as { __mesh: unknown }).__mesh = {
    setGroup: (id: number) => {
      groupId = id;
      beat = setInterval(
        () =>
          void post(`/webrtc/group/heartbeat?groupId=${id}`).catch((err: unknown) => {
            clearInterval(beat); // the call is over
            console.warn(`heartbeat: ${String(err)}`);
          }),
        15_000,
      );
    },
    /** Offers to every participant with a higher id (one offerer per pair: no glare). */
    connect: async (ids: number[]) => {
      for (const id of ids.filter((x) => x > init.selfId)) {
        const entry = peer(id);
        const offer = await entry.pc.createOffer();
        await entry.pc.setLocalDescription(offer);
        await post('/webrtc/group/offer', { groupId, userId: id, offer: entry.pc.localDescription?.toJSON() });
      }
    },
    stats,
    captureFps: () => stream.getVideoTracks()[0]?.getSettings().frameRate ?? NaN,
    close: () => {
      clearInterval(beat);
      for (const { pc } of peers.values()) pc.close();
      for (const t of stream.getTracks()) t.stop();
      ws.close();
    },
  };
}

export interface MeshHandle {
  setGroup: (id: number) => void;
  connect: (ids: number[]) => Promise<void>;
  stats: () => Promise<StreamStats[]>;
  captureFps: () => number;
  close: () => void;
}
