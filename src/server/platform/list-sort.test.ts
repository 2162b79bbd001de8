import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/harness';

const { admin } = useTestApp({ admin: 'admin@demo.mx' });

const NAMES = ['Biorrevitalizante', 'Zafiro', 'Ácido hialurónico', 'azúcar exfoliante', 'Bálsamo'];
const SPANISH = ['Ácido hialurónico', 'azúcar exfoliante', 'Bálsamo', 'Biorrevitalizante', 'Zafiro'];

describe('lists sort text the Spanish way: accents and case aside, the same on PGlite and PostgreSQL', () => {
  it("puts 'Ácido …' with the A's and 'Bálsamo' before 'Biorrevitalizante', in the JSON list and in its CSV", async () => {
    for (const name of NAMES) {
      const res = await admin({ method: 'POST', url: '/v1/categories/create', payload: { name, type: 'product' } });
      expect(res.statusCode, res.body).toBe(201);
    }
    const ours = (names: string[]) => names.filter((n) => NAMES.includes(n));
    const list = async (order: string) =>
      ((await admin({ method: 'GET', url: `/v1/categories?take=all&field=name&order=${order}&type=product` })).json().items as { name: string }[]).map(
        (c) => c.name,
      );
    expect(ours(await list('ASC'))).toEqual(SPANISH);
    expect(ours(await list('DESC'))).toEqual([...SPANISH].reverse());

    const csv = (await admin({ method: 'GET', url: '/v1/categories?format=csv&field=name&order=ASC&type=product' })).body;
    // the first column is the name
    expect(ours(csv.split('\r\n').map((line) => line.split(',')[0]))).toEqual(SPANISH);
  });

  it('sorts the whole list by the name without accents or case', async () => {
    const all = ((await admin({ method: 'GET', url: '/v1/categories?take=all&field=name&order=ASC' })).json().items as { name: string }[]).map((c) => c.name);
    const key = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    for (let i = 1; i < all.length; i++) expect(key(all[i - 1]) <= key(all[i]), `${all[i - 1]} antes de ${all[i]}`).toBe(true);
  });
});
