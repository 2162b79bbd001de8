import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from '../../src/server/testing/harness';

export interface E2EServer {
  url: string;
  t: TestApp;
  close(): Promise<void>;
}

/** The built web app and the API on a random port, over a fresh embedded database with the demo data. */
export async function startServer(env: Record<string, string> = {}): Promise<E2EServer> {
  const t = await createTestApp(env, { web: true, embedded: true });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, t, close: () => t.close() };
}
