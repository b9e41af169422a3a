/**
 * Camera and microphone for calls (docs/CALLS.md §8.1): getUserMedia, the device list,
 * switching cameras, and the failures as catalogue keys for toasts.
 */
import { CallMode } from '@parley/protocol';
import { askMedia, explainDenied } from '../media/mediaPermission';

export type MediaErrorKey =
  'callNeedsHttps' | 'callUnsupported' | 'cameraPermissionDenied' | 'microphonePermissionDenied' | 'permissionFailed';

export class CallMediaError extends Error {
  constructor(readonly key: MediaErrorKey) {
    super(key);
  }
}

/** No WebRTC or no media devices here: the key to show, or null when calls can work. */
export function unsupportedKey(): MediaErrorKey | null {
  if (typeof navigator === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
    return globalThis.isSecureContext === false ? 'callNeedsHttps' : 'callUnsupported';
  }
  if (typeof RTCPeerConnection === 'undefined') return 'callUnsupported';
  return null;
}

/** A getUserMedia rejection as a toast key. */
export function mediaErrorKey(err: unknown, kind: 'audio' | 'video'): MediaErrorKey {
  const name = (err as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError')
    return kind === 'video' ? 'cameraPermissionDenied' : 'microphonePermissionDenied';
  return 'permissionFailed';
}

const VIDEO: MediaTrackConstraints = { width: { ideal: 1280 }, height: { ideal: 720 }, facingMode: 'user' };

/**
 * The microphone, plus the camera in video mode. A camera that fails in a video call
 * leaves the call with audio and the camera off (`cameraFailed`); a microphone that
 * fails stops the call.
 */
export async function openMedia(mode: CallMode): Promise<{ stream: MediaStream; cameraFailed: MediaErrorKey | null }> {
  const unsupported = unsupportedKey();
  if (unsupported) throw new CallMediaError(unsupported);
  // Why first (spec §6); "not now" or a refusal ends the call as a refused microphone.
  const purpose = mode === CallMode.VIDEO ? 'videoCall' : 'call';
  if (!(await askMedia(purpose))) throw new CallMediaError('microphonePermissionDenied');
  try {
    return await openTracks(mode);
  } catch (err) {
    if (err instanceof CallMediaError && err.key === 'microphonePermissionDenied') await explainDenied(purpose);
    throw err;
  }
}

async function openTracks(mode: CallMode): Promise<{ stream: MediaStream; cameraFailed: MediaErrorKey | null }> {
  if (mode === CallMode.VIDEO) {
    try {
      return { stream: await navigator.mediaDevices.getUserMedia({ audio: true, video: VIDEO }), cameraFailed: null };
    } catch (err) {
      const key = mediaErrorKey(err, 'video');
      try {
        const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
        return { stream, cameraFailed: key };
      } catch (audioErr) {
        throw new CallMediaError(mediaErrorKey(audioErr, 'audio'));
      }
    }
  }
  try {
    return { stream: await navigator.mediaDevices.getUserMedia({ audio: true }), cameraFailed: null };
  } catch (err) {
    throw new CallMediaError(mediaErrorKey(err, 'audio'));
  }
}

export async function videoInputs(): Promise<MediaDeviceInfo[]> {
  try {
    return (await navigator.mediaDevices.enumerateDevices()).filter((d) => d.kind === 'videoinput');
  } catch {
    return [];
  }
}

/** A new camera track: the next video input after `currentId`, or a specific one. */
export async function cameraTrack(deviceId?: string): Promise<MediaStreamTrack | null> {
  const stream = await navigator.mediaDevices.getUserMedia({
    video: deviceId ? { ...VIDEO, facingMode: undefined, deviceId: { exact: deviceId } } : VIDEO,
  });
  return stream.getVideoTracks()[0] ?? null;
}

export function nextCamera(devices: MediaDeviceInfo[], currentId: string | undefined): string | undefined {
  if (devices.length < 2) return undefined;
  const at = devices.findIndex((d) => d.deviceId === currentId);
  return devices[(at + 1) % devices.length]?.deviceId;
}

export function stopStream(stream: MediaStream | null | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** Speaker choice needs `setSinkId` (Chromium, Firefox); elsewhere the system picks the output. */
export const canPickSpeaker = (): boolean =>
  typeof HTMLMediaElement !== 'undefined' && 'setSinkId' in HTMLMediaElement.prototype;

export async function audioOutputs(): Promise<MediaDeviceInfo[]> {
  if (!canPickSpeaker()) return [];
  try {
    return (await navigator.mediaDevices.enumerateDevices()).filter((d) => d.kind === 'audiooutput');
  } catch {
    return [];
  }
}

/** Sends the element's sound to this output device (ignored where unsupported). */
export function setSpeaker(el: HTMLMediaElement, deviceId: string): void {
  const sink = (el as HTMLMediaElement & { setSinkId?: (id: string) => Promise<void> }).setSinkId;
  if (sink) void sink.call(el, deviceId).catch(() => undefined);
}
