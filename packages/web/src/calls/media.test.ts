// Pure helpers of the call media and connection: error mapping, camera order, SDP fingerprints.
import { describe, expect, it } from 'vitest';
import { mediaErrorKey, nextCamera } from './media';
import { fingerprintOf } from './peer';

describe('call media helpers', () => {
  it('maps getUserMedia failures to the catalogue keys of the toasts', () => {
    const err = (name: string) => Object.assign(new Error(name), { name });
    expect(mediaErrorKey(err('NotAllowedError'), 'video')).toBe('cameraPermissionDenied');
    expect(mediaErrorKey(err('NotAllowedError'), 'audio')).toBe('microphonePermissionDenied');
    expect(mediaErrorKey(err('SecurityError'), 'audio')).toBe('microphonePermissionDenied');
    expect(mediaErrorKey(err('NotFoundError'), 'video')).toBe('permissionFailed');
    expect(mediaErrorKey(null, 'video')).toBe('permissionFailed');
  });

  it('switches to the next camera in the list, wrapping around, and only when there are several', () => {
    const cams = ['front', 'back', 'usb'].map((deviceId) => ({ deviceId }) as MediaDeviceInfo);
    expect(nextCamera(cams, 'front')).toBe('back');
    expect(nextCamera(cams, 'usb')).toBe('front');
    expect(nextCamera(cams, undefined)).toBe('front');
    expect(nextCamera(cams.slice(0, 1), 'front')).toBeUndefined();
  });

  it('reads the DTLS fingerprint of an SDP (a new one means the peer has a new connection)', () => {
    const sdp =
      'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\na=fingerprint:sha-256 AB:CD:EF\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\n';
    expect(fingerprintOf(sdp)).toBe('sha-256 AB:CD:EF');
    expect(fingerprintOf('v=0\r\n')).toBeUndefined();
    expect(fingerprintOf(undefined)).toBeUndefined();
  });
});
