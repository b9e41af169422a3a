/** A page's socket run through the test, so it can be cut like the network (offline starts). */
import type { BrowserContext, WebSocketRoute } from 'playwright-core';
import { WS_PATH } from '@parley/protocol';

export class SocketLink {
  down = false;
  private open: { page: WebSocketRoute; server: WebSocketRoute } | null = null;
  async install(context: BrowserContext): Promise<void> {
    await context.routeWebSocket(
      (url) => url.pathname === WS_PATH,
      (ws) => {
        if (this.down) return void ws.close();
        const server = ws.connectToServer();
        ws.onMessage((m) => server.send(m));
        server.onMessage((m) => ws.send(m));
        this.open = { page: ws, server };
      },
    );
  }
  async cut(): Promise<void> {
    this.down = true;
    await this.open?.server.close();
    await this.open?.page.close();
    this.open = null;
  }
}
