import type { AddressInfo } from 'node:net';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../src/server/db/client';
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

/** Clears the appointments `where` picks (a condition on the appointments table) so a test can book there; their cancellation rows go first. */
export async function clearAppointments(db: DbOrTx, where: SQL): Promise<void> {
  await db.execute(sql`delete from appointment_cancellations where appointment_id in (select id from appointments where ${where})`);
  await db.execute(sql`delete from appointments where ${where}`);
}
