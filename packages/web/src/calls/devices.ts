/** The in-call device controls: microphone mute, camera on/off and switching cameras (no renegotiation). */
import { errorText } from '../i18n';
import { showToast } from '../ui/toast';
import { cameraTrack, nextCamera, videoInputs } from './media';
import type { Peer } from './peer';

/** Mute = the audio track disabled (the transceiver keeps sending silence). */
export function toggleMute(stream: MediaStream | null, muted: boolean): { muted: boolean } {
  const next = !muted;
  for (const track of stream?.getAudioTracks() ?? []) track.enabled = !next;
  return { muted: next };
}

/** Camera on/off: the sender's track is replaced (null = off); a call begun without a camera asks for one. */
export async function toggleCamera(
  stream: MediaStream | null,
  peer: Peer | null,
  on: boolean,
  deviceId: string | undefined,
): Promise<{ cameraOn: boolean; local: MediaStream } | null> {
  if (!stream) return null;
  let track = stream.getVideoTracks()[0] ?? null;
  if (on && !track) {
    try {
      track = await cameraTrack(deviceId);
    } catch (err) {
      showToast(errorText('cameraPermissionDenied', String(err)));
      return null;
    }
    if (!track) return null;
    stream.addTrack(track);
  }
  if (track) track.enabled = on;
  await peer?.setVideoTrack(on ? track : null);
  // A new stream object so the preview element re-renders with the track.
  return { cameraOn: on, local: new MediaStream(stream.getTracks()) };
}

/** The next camera of the device list, replacing the sent track. */
export async function switchCamera(
  stream: MediaStream | null,
  peer: Peer | null,
  cameraOn: boolean,
  currentId: string | undefined,
): Promise<{ local: MediaStream; deviceId: string } | null> {
  const next = nextCamera(await videoInputs(), currentId);
  if (!next || !stream) return null;
  const track = await cameraTrack(next).catch(() => null);
  if (!track) return null;
  for (const old of stream.getVideoTracks()) {
    stream.removeTrack(old);
    old.stop();
  }
  stream.addTrack(track);
  if (!cameraOn) track.enabled = false;
  await peer?.setVideoTrack(cameraOn ? track : null);
  return { local: new MediaStream(stream.getTracks()), deviceId: next };
}
