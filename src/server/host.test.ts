import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, spawnServer, tempDataDir } from './testing/server-process';

/** Every 127.x.y.z is this machine on Linux: 127.0.0.2 stands in for "another interface" of the server. */
const OTHER_ADDRESS = '127.0.0.2';

const connects = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, host);
    socket.once('connect', () => resolve(socket.destroy() && true));
    socket.once('error', () => resolve(false));
  });

const started: ReturnType<typeof spawnServer>[] = [];
// a server a failing test left running is stopped, not left behind
afterEach(() => {
  for (const s of started.splice(0)) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
});

async function start(env: Record<string, string>, port?: number) {
  port ??= await freePort();
  const dataDir = await tempDataDir();
  const server = spawnServer({ PORT: String(port), DATA_DIR: dataDir, DEMO_DATA: 'false', WEB_DIR: path.join(dataDir, 'sin-web'), ...env });
  started.push(server);
  return { port, server };
}

async function stop(server: ReturnType<typeof spawnServer>) {
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
}

describe('HOST: the address the server listens on', () => {
  it('HOST=127.0.0.1 listens only there, and checks the port there (a program on the same port at another address is no obstacle)', async () => {
    const port = await freePort();
    // something else on the same port, at another address: the old check on 0.0.0.0 refused to start
    const other = net.createServer();
    await new Promise<void>((resolve) => other.listen({ port, host: OTHER_ADDRESS, exclusive: true }, () => resolve()));
    try {
      const { server } = await start({ HOST: '127.0.0.1' }, port);
      await server.waitFor('Back office listo');
      expect(server.output()).toContain(`Back office listo en http://127.0.0.1:${port}`);
      expect((await fetch(`http://127.0.0.1:${port}/v1/health`)).status).toBe(200);
      other.close();
      await new Promise((r) => setTimeout(r, 100));
      expect(await connects(OTHER_ADDRESS, port)).toBe(false);
      await stop(server);
    } finally {
      other.close();
    }
  });

  it('without HOST listens on every interface (0.0.0.0), for a server on the clinic LAN', async () => {
    const { port, server } = await start({ HOST: '' });
    await server.waitFor('Back office listo');
    expect(await connects('127.0.0.1', port)).toBe(true);
    expect(await connects(OTHER_ADDRESS, port)).toBe(true);
    await stop(server);
  });

  it('a HOST that is not an address of this machine is said in Spanish before any work', async () => {
    const { server } = await start({ HOST: '203.0.113.7' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('La dirección HOST=203.0.113.7 no es de esta máquina');
  });
});
