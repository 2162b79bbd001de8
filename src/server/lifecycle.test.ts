import { existsSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort, spawnServer, tempDataDir } from './testing/server-process';
import { testDatabaseUrl } from './testing/test-database';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A sign-in whose headers have arrived and whose body is still on its way: a request in flight. */
function requestInFlight(port: number) {
  const body = JSON.stringify({ username: 'nadie@clinica.mx', password: 'Incorrecta2026' });
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/v1/auth/sign-in',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answered = new Promise<number | string>((resolve) => {
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });
  req.flushHeaders();
  req.write(body.slice(0, 10));
  return { finish: () => req.end(body.slice(10)), answered };
}

const connects = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => resolve(socket.destroy() && true));
    socket.once('error', () => resolve(false));
  });

describe('stopping the server', () => {
  it('SIGTERM through npm start lets every request in flight finish, then closes the database and its lock', async () => {
    const port = await freePort();
    const dataDir = await tempDataDir();
    const server = spawnServer({ PORT: String(port), DATA_DIR: dataDir, DEMO_DATA: 'false', WEB_DIR: path.join(dataDir, 'sin-web') }, 'bootstrap');
    await server.waitFor('Back office listo');
    // DEMO_DATA=false: the embedded database starts empty, with the first-admin path of PostgreSQL
    expect(server.output()).toContain('npm run admin:create');
    expect((await (await fetch(`http://127.0.0.1:${port}/v1/config`)).json()).demoData).toBe(false);
    const lock = path.join(dataDir, 'server.lock');
    expect(existsSync(lock)).toBe(true);

    const requests = Array.from({ length: 24 }, () => requestInFlight(port));
    await sleep(500);
    server.child.kill('SIGTERM');
    await server.waitFor('SIGTERM: deteniendo el servidor');
    await sleep(300);
    expect(await connects(port)).toBe(false);
    for (const r of requests) r.finish();
    const answers = await Promise.all(requests.map((r) => r.answered));
    // wrong credentials, then the attempt limit: answered, every one
    for (const answer of answers) expect([401, 429]).toContain(answer);
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('Servidor detenido.');
    expect(existsSync(lock)).toBe(false);
  });
});

describe('start-up failures, said in Spanish before any work', () => {
  const failure = async (env: Record<string, string>) => {
    const dataDir = await tempDataDir();
    const server = spawnServer({ PORT: String(await freePort()), DATA_DIR: dataDir, ...env });
    expect(await server.exited).toBe(1);
    return { output: server.output(), dataDir };
  };

  it('an unreachable PostgreSQL names the host, the database and the cause', async () => {
    const port = await freePort();
    const { output } = await failure({ DATABASE_URL: `postgres://clinicas:secreta@127.0.0.1:${port}/clinicas` });
    expect(output).toContain(`No se pudo conectar a PostgreSQL en 127.0.0.1:${port} (base «clinicas», usuario «clinicas»): el servidor rechazó la conexión`);
    expect(output).not.toContain('secreta');
    expect(output).not.toMatch(/Failed query|at .*\.ts:\d+/);
  });

  it('a DATABASE_URL that is not a PostgreSQL address says how one looks', async () => {
    const { output } = await failure({ DATABASE_URL: 'mysql://root@localhost/clinicas' });
    expect(output).toContain('DATABASE_URL no es una dirección válida de PostgreSQL: use postgres://usuario:clave@servidor:5432/base');
  });

  it.skipIf(!testDatabaseUrl())('a misspelled database name says it does not exist', async () => {
    const u = new URL(testDatabaseUrl()!);
    u.pathname = '/clinicas_no_existe_test';
    const { output } = await failure({ DATABASE_URL: u.toString() });
    expect(output).toContain(`(base «clinicas_no_existe_test»`);
    expect(output).toContain('la base de datos no existe (créela con createdb o revise su nombre)');
  });

  it('a busy port is reported at once, before opening the database, and leaves no lock behind', async () => {
    const busy = net.createServer();
    await new Promise<void>((resolve) => busy.listen(0, '0.0.0.0', () => resolve()));
    const { port } = busy.address() as net.AddressInfo;
    try {
      const { output, dataDir } = await failure({ PORT: String(port) });
      expect(output).toContain(`El puerto ${port} ya está en uso por otro programa`);
      expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
      expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
    } finally {
      busy.close();
    }
  });
});
