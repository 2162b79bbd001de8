import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/harness';
import { futureDate, loadFixtures, medicalBooking, newCustomer, plusMinutes, purchased, rows, type Fixtures } from './fixtures';

/**
 * The lock order of a reschedule (docs/architecture.md, «Orden de los candados»): the customer first, then the appointment
 * and its purchased treatment, as a cancellation, a finish and a refund take them. A reschedule that is the purchased
 * treatment's third change ends it and cancels its other bookings; two such reschedules of one treatment each held their
 * own appointment and waited for the other's, a deadlock (409 CONCURRENT_CHANGE) on PostgreSQL.
 */
const { t, gerente } = useTestApp({ gerente: 'gerente@demo.mx' });
let f: Fixtures;
beforeAll(async () => {
  f = await loadFixtures(t);
});

const PARALLEL = 16;

describe('reschedules of one purchased treatment at once', () => {
  it('end it once: one reschedule wins and cancels every booking, the others find theirs cancelled, none deadlocks', async () => {
    const customerId = await newCustomer(gerente);
    const pp = await purchased(t, customerId, f.medTreatment.id, PARALLEL, 0);
    const bookings = Array.from({ length: PARALLEL }, (_, i) =>
      medicalBooking(f, customerId, futureDate(40 + i), { appointmentOption: 'purchasedProducts', purchasedProductId: pp, treatmentId: null }),
    );
    const ids: string[] = [];
    for (const booking of bookings) {
      const res = await gerente({ method: 'POST', url: '/v1/appointment/create', payload: booking });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id);
    }
    // the next change is the third: it ends the treatment
    await t.ctx.db.execute(sql`update purchased_products set changes = 2 where id = ${pp}`);

    const answers = await Promise.all(
      ids.map((id, i) =>
        gerente({ method: 'PUT', url: `/v1/appointment/${id}/update`, payload: { ...bookings[i], startTime: plusMinutes(bookings[i]!.startTime, 30) } }),
      ),
    );

    const codes = answers.map((r) => (r.statusCode === 200 ? 'ok' : `${r.statusCode} ${r.json().code}`));
    expect(
      codes.filter((c) => c === 'ok'),
      codes.join(', '),
    ).toHaveLength(1);
    expect(
      codes.filter((c) => c.includes('CONCURRENT_CHANGE') || c.startsWith('5')),
      codes.join(', '),
    ).toEqual([]);
    expect(new Set(codes.filter((c) => c !== 'ok')), codes.join(', ')).toEqual(new Set(['409 CONFLICT']));
    const [{ status }] = await rows<{ status: string }>(t, sql`select status from purchased_products where id = ${pp}`);
    expect(status).toBe('expired');
    const states = await rows<{ status: string; n: number }>(
      t,
      sql`select status, count(*)::int as n from appointments where purchased_product_id = ${pp} group by status order by status`,
    );
    // the treatment ended: none of its bookings can be given any more, the moved one included
    expect(states).toEqual([{ status: 'cancelled', n: PARALLEL }]);
  });
});
