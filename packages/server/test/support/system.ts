/** System notification helpers for the server tests (sent through the service, as the console does). */
import { Cmd, MessageType, type ServerFrame, type SystemMessage, type SystemMessageInput } from '@parley/protocol';
import type { SystemAudience } from '../../src/services/system/system-messages.js';
import type { TestServer } from './server.js';
import type { TestSocket } from './ws.js';

let n = 0;
export const notice = (title = `Notice ${++n}`, extra: Partial<SystemMessageInput> = {}): SystemMessageInput => ({
  title,
  coverUrl: '',
  intro: `About ${title}`,
  content: `# ${title}\n\nSome **Markdown**.`,
  ...extra,
});

export const sendSystem = (
  ts: TestServer,
  audience: SystemAudience,
  input: SystemMessageInput = notice(),
  senderId: number | null = null,
) => ts.server.services.systemMessages.send(input, audience, senderId);

export const isSystemFrame = (f: ServerFrame) =>
  f.cmd === Cmd.SYSTEM_MESSAGE && (f.data as { type?: number }).type === MessageType.SYSTEM_MESSAGE;
export const isSystemLoading = (f: ServerFrame) =>
  f.cmd === Cmd.SYSTEM_MESSAGE && (f.data as { type?: number }).type === MessageType.LOADING;
export const isSystemReaded = (f: ServerFrame) =>
  f.cmd === Cmd.SYSTEM_MESSAGE && (f.data as { type?: number }).type === MessageType.READED;

/** The notifications of one pull on `socket`: everything between LOADING "true" and "false". */
export async function systemPulled(socket: TestSocket): Promise<SystemMessage[]> {
  const start = await socket.next(isSystemLoading);
  if ((start.data as { content: string }).content !== 'true') throw new Error('pull did not start with LOADING true');
  const out: SystemMessage[] = [];
  for (;;) {
    const f = await socket.next((x) => isSystemFrame(x) || isSystemLoading(x), 5000);
    if ((f.data as { type: number }).type === MessageType.LOADING) {
      if ((f.data as { content: string }).content !== 'false') throw new Error('LOADING true inside a pull');
      return out;
    }
    out.push(f.data as SystemMessage);
  }
}
