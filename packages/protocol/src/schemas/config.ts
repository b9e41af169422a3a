import { z } from 'zod';

export const iceServer = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.string().optional(),
  credential: z.string().optional(),
});

export const systemConfig = z.object({
  webrtc: z.object({
    maxChannel: z.number().int(),
    iceServers: z.array(iceServer),
  }),
  /** The server's own limits where they can differ from the defaults in limits.ts. */
  limits: z.object({
    groupAdminsMax: z.number().int(),
    uploadMaxBytes: z.number().int(),
  }),
  /**
   * Message rules that depend on the server's settings: the edit window (EDIT_WINDOW_HOURS)
   * in ms; `linkPreviews`: false when the operator switched previews off (LINK_PREVIEWS,
   * OUTBOUND_FETCH), so the app does not ask.
   */
  message: z.object({ editWindowMs: z.number().int(), linkPreviews: z.boolean() }),
});
export type SystemConfig = z.infer<typeof systemConfig>;
