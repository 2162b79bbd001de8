import { sql } from 'drizzle-orm';
import { medicalFeeOf, treatmentKind } from '../../../domain/appointment-rules';
import { dateInZone } from '../../../domain/dates';
import { cents, fromCents, subtractCents, toCents, type Cents } from '../../../domain/money';
import { cosmetologyCommission, medicalCommission } from '../../../domain/sales';
import type { Db } from '../client';
import { commissions } from '../schema';
import { bulkInsert } from './bulk';
import { demoId } from './random';

/**
 * The demo history's commission lines, which its bulk-inserted appointments and product sales did not write: the
 * medical line of each finished medical appointment (the fee the finish would have recorded, the doctor's ISR from
 * the staff file) and the cosmetology line of each paid product sale with a seller (and the reversal of a refunded
 * one, on the refund's day). Every amount comes from the domain's formulas, as the services write them.
 */

type Line = typeof commissions.$inferInsert;

const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

interface FinishedRow {
  id: string;
  branch_id: string;
  customer_id: string;
  attended_by_id: string;
  medical_fee: string | null;
  sessions: number;
  treatment_fee: string | null;
  type_name: string | null;
  finished_at: string | null;
  date: string;
  time_zone: string;
  isr: string | null;
}

async function medicalLines(db: Db): Promise<Line[]> {
  const rows = await rowsOf<FinishedRow>(
    db,
    sql`select a.id, a.branch_id, a.customer_id, a.attended_by_id, a.medical_fee::text, a.sessions, t.medical_fee::text treatment_fee,
          tt.name type_name, a.finished_at::text, a.date::text, b.time_zone, s.isr::text
        from appointments a
        join branches b on b.id = a.branch_id
        left join treatments t on t.id = a.treatment_id
        left join treatment_types tt on tt.id = a.treatment_type_id
        left join staff_files s on s.user_id = a.attended_by_id and s.deleted_at is null
        where a.status = 'finished' and a.attended_by_id is not null and a.deleted_at is null
          and not exists (select 1 from commissions c where c.appointment_id = a.id)
        order by a.id`,
  );
  const lines: Line[] = [];
  for (const r of rows) {
    const fee: Cents | null =
      r.medical_fee !== null
        ? toCents(r.medical_fee)
        : (() => {
            const pesos = medicalFeeOf(treatmentKind(r.type_name), r.treatment_fee === null ? null : Number(r.treatment_fee), r.sessions);
            return pesos === null ? null : toCents(pesos);
          })();
    if (!fee || fee <= 0) continue;
    const isrPercent = r.isr === null ? 0 : fromCents(toCents(r.isr));
    lines.push({
      id: demoId('commission:medical:' + r.id),
      kind: 'medical',
      userId: r.attended_by_id,
      branchId: r.branch_id,
      businessDate: r.finished_at ? dateInZone(r.time_zone, new Date(r.finished_at)) : r.date,
      appointmentId: r.id,
      customerId: r.customer_id,
      base: fee,
      commission: fee,
      isrPercent,
      ...medicalCommission(fee, isrPercent),
    });
  }
  return lines;
}

interface SaleRow {
  id: string;
  order_number: string;
  branch_id: string;
  customer_id: string | null;
  seller_id: string;
  total: string;
  taxes: string;
  business_date: string;
  refund_business_date: string | null;
  refunded: boolean;
}

async function cosmetologyLines(db: Db, percent: number): Promise<Line[]> {
  const rows = await rowsOf<SaleRow>(
    db,
    sql`select co.id, co.order_number, co.branch_id, co.customer_id, co.seller_id, co.total::text, co.taxes::text, co.business_date::text,
          co.refund_business_date::text, co.refunded_at is not null refunded
        from cash_orders co
        where co.seller_id is not null and co.payment_status = 'paid' and co.deleted_at is null
          and not exists (select 1 from commissions c where c.cash_order_id = co.id)
        order by co.id`,
  );
  const lines: Line[] = [];
  for (const r of rows) {
    const { base, commission } = cosmetologyCommission(toCents(r.total), toCents(r.taxes), percent);
    const sale: Line = {
      id: demoId('commission:sale:' + r.id),
      kind: 'cosmetology',
      userId: r.seller_id,
      branchId: r.branch_id,
      businessDate: r.business_date,
      cashOrderId: r.id,
      orderNumber: r.order_number,
      customerId: r.customer_id,
      base,
      percent,
      commission,
      payable: commission,
    };
    lines.push(sale);
    if (!r.refunded) continue;
    const back = (c: Cents) => subtractCents(cents(0), c);
    lines.push({
      ...sale,
      id: demoId('commission:refund:' + r.id),
      businessDate: r.refund_business_date ?? r.business_date,
      base: back(base),
      commission: back(commission),
      payable: back(commission),
      reversalOf: sale.id,
    });
  }
  return lines;
}

export async function seedCommissions(db: Db): Promise<void> {
  const [setting] = await rowsOf<{ percent: string | null }>(db, sql`select cosmetology_commission_percent::text percent from settings limit 1`);
  const percent = setting?.percent ? Number(setting.percent) : 5;
  // stamped on their business day, so the demo stays the same rows on every run
  const lines = [...(await medicalLines(db)), ...(await cosmetologyLines(db, percent))].map((l) => {
    const at = new Date(`${l.businessDate}T20:00:00Z`);
    return { ...l, createdAt: at, updatedAt: at };
  });
  await bulkInsert(db, commissions, lines);
  // the fee the finish records on the appointment, for the appointments whose line it computed
  await db.execute(
    sql`update appointments a set medical_fee = c.commission from commissions c
        where c.appointment_id = a.id and c.kind = 'medical' and c.reversal_of is null and a.medical_fee is null`,
  );
}
