/** GET /system/config: the webrtc section (ICE servers from ICE_SERVERS). */
import type { SystemConfig } from '@parley/protocol';

export type IceServer = SystemConfig['webrtc']['iceServers'][number];

export function systemConfig(maxChannel: number, iceServers: IceServer[]): SystemConfig {
  return { webrtc: { maxChannel, iceServers } };
}
