/**
 * GET /system/config: the webrtc section (ICE servers from ICE_SERVERS, plus the caller's
 * TURN credentials), the limits a client checks before asking (admins, upload size) and
 * the message section (the edit window, whether link previews are on).
 */
import type { SystemConfig } from '@parley/protocol';
import { turnCredential, type TurnConfig } from './calls/turn.js';

export type IceServer = SystemConfig['webrtc']['iceServers'][number];

export function systemConfig(
  maxChannel: number,
  iceServers: IceServer[],
  limits: SystemConfig['limits'],
  message: SystemConfig['message'],
  turn?: { config: TurnConfig; userId: number; now: number },
): SystemConfig {
  const servers = turn ? [...iceServers, turnCredential(turn.config, turn.userId, turn.now)] : iceServers;
  return { webrtc: { maxChannel, iceServers: servers }, limits, message };
}
