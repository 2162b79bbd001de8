import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../testing/harness';
import { csvFileName } from './csv';

const { t } = useTestApp({});
afterEach(() => {
  vi.useRealTimers();
});

describe('CSV file names carry the business day (America/Tijuana), not UTC', () => {
  it('names the day in Tijuana when UTC is already the next one', () => {
    // 03:00 UTC on the 26th is 19:00 on the 25th in Tijuana (UTC−8 in November)
    expect(csvFileName('clientes', new Date('2026-11-26T03:00:00Z'))).toBe('clientes-2026-11-25.csv');
    expect(csvFileName('clientes', new Date('2026-11-26T08:00:00Z'))).toBe('clientes-2026-11-26.csv');
    // summer time (UTC−7): 06:59 UTC is still the day before
    expect(csvFileName('citas', new Date('2026-07-01T06:59:00Z'))).toBe('citas-2026-06-30.csv');
  });

  it('a list exported at 19:00 in Tijuana (03:00 UTC the next day) is named with that evening’s date', async () => {
    // only Date is faked, to the next 03:00 UTC (never in the past: a session signed in "before" the database's own
    // clock would not be valid); the database and the server keep their real timers
    const day = 86_400_000;
    const next = new Date(Math.floor(Date.now() / day) * day + day + 3 * 3_600_000);
    const evening = new Date(next.getTime() - day).toISOString().slice(0, 10);
    vi.useFakeTimers({ toFake: ['Date'], now: next });
    const admin = t.as((await t.signIn('admin@demo.mx')).token);
    const res = await admin({ method: 'GET', url: '/v1/categories?format=csv' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="categorias-${evening}.csv"`);
  });
});
