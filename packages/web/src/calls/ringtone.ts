/**
 * The ring, made with WebAudio (no sound file): the callee hears a two-tone ring, the
 * caller a ringback tone. One at a time; `stopRingtone()` on any state change.
 */
type Kind = 'incoming' | 'outgoing';

let ctx: AudioContext | null = null;
let timer: ReturnType<typeof setInterval> | null = null;
let gain: GainNode | null = null;

function beep(context: AudioContext, out: GainNode, freqs: number[], start: number, length: number): void {
  for (const f of freqs) {
    const osc = context.createOscillator();
    osc.type = 'sine';
    osc.frequency.value = f;
    const env = context.createGain();
    env.gain.setValueAtTime(0, start);
    env.gain.linearRampToValueAtTime(0.18, start + 0.03);
    env.gain.setValueAtTime(0.18, start + length - 0.05);
    env.gain.linearRampToValueAtTime(0, start + length);
    osc.connect(env).connect(out);
    osc.start(start);
    osc.stop(start + length + 0.02);
  }
}

export function startRingtone(kind: Kind): void {
  stopRingtone();
  const Ctor = globalThis.AudioContext;
  if (!Ctor) return;
  try {
    ctx = new Ctor();
    gain = ctx.createGain();
    gain.connect(ctx.destination);
    const context = ctx;
    const out = gain;
    const period = kind === 'incoming' ? 3000 : 4000;
    const ring = () => {
      const t = context.currentTime + 0.05;
      if (kind === 'incoming') {
        beep(context, out, [440, 480], t, 0.4);
        beep(context, out, [440, 480], t + 0.6, 0.4);
      } else {
        beep(context, out, [425], t, 1.0);
      }
    };
    ring();
    timer = setInterval(ring, period);
    // A page opened by a signal may not have had a user gesture yet: try to start anyway.
    void context.resume().catch(() => undefined);
  } catch {
    stopRingtone();
  }
}

export function stopRingtone(): void {
  if (timer !== null) clearInterval(timer);
  timer = null;
  gain?.disconnect();
  gain = null;
  void ctx?.close().catch(() => undefined);
  ctx = null;
}
