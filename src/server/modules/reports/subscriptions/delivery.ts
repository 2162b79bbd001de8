import { and, eq, sql } from 'drizzle-orm';
import { BUSINESS_TIME_ZONE, dayMonthYear } from '../../../../domain/dates';
import {
  DELIVERY_TRIES,
  FREQUENCY_LABELS,
  hourText,
  latestOccurrence,
  occurrencePeriod,
  periodQuery,
  RETRY_DELAYS_MS,
  SUBSCRIPTION_MESSAGES,
} from '../../../../domain/report-subscriptions';
import type { ReportAnswer } from '../../../../domain/reports.contract';
import { REPORTS } from '../../../../domain/reports';
import type { AppContext } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import { live } from '../../../db/live';
import { branches, reportDeliveries, reportSubscriptions, users } from '../../../db/schema';
import { AppError } from '../../../platform/errors';
import type { Job } from '../../../platform/jobs';
import { claimNextDue, retryAt } from '../../../platform/mail-queue';
import { activeActorOf } from '../../auth';
import { runReport } from '../service';
import { reportFileName, reportXlsxBuffer } from '../workbook';

/**
 * The job that mails due subscriptions. Each run (1) writes one delivery row per subscription whose latest occurrence
 * is due — the unique (subscription, occurrence) makes a second runner's insert a no-op — and (2) claims due rows one
 * at a time (FOR UPDATE SKIP LOCKED, status 'sending', one more try) and mails them: however many API processes run
 * it at once, an occurrence is mailed once. A failed try waits 5, then 30 minutes; after 3 it stays failed. A refusal
 * of the report itself (the owner no longer may read it, is inactive) is not retried.
 */

/** Deliveries one run sends at most; the rest wait for the next tick. */
const PER_RUN = 100;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Delivery = typeof reportDeliveries.$inferSelect;

/** Writes the delivery row of every active subscription whose latest occurrence is due and not before its schedule started. */
export async function scheduleDeliveries(db: DbOrTx, now: Date): Promise<void> {
  const subs = await db
    .select({
      id: reportSubscriptions.id,
      frequency: reportSubscriptions.frequency,
      hour: reportSubscriptions.hour,
      scheduleFrom: reportSubscriptions.scheduleFrom,
      timeZone: branches.timeZone,
    })
    .from(reportSubscriptions)
    .leftJoin(branches, sql`${branches.id}::text = ${reportSubscriptions.filters}->>'branchId'`)
    .where(and(live(reportSubscriptions), eq(reportSubscriptions.active, true)));
  const due = subs.flatMap((s) => {
    const occurrence = latestOccurrence({ frequency: s.frequency, hour: s.hour, timeZone: s.timeZone ?? BUSINESS_TIME_ZONE }, now);
    if (occurrence.at < s.scheduleFrom) return [];
    const period = occurrencePeriod(s.frequency, occurrence.day);
    return [{ subscriptionId: s.id, occurrence: occurrence.at, periodFrom: period.from, periodTo: period.to, nextTryAt: occurrence.at }];
  });
  if (due.length) await db.insert(reportDeliveries).values(due).onConflictDoNothing();
}

/** A failure the report itself answers (no privilege, inactive owner): trying again changes nothing. */
class Refused extends Error {}

async function subscriptionOf(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ sub: reportSubscriptions, ownerEmail: users.username })
    .from(reportSubscriptions)
    .innerJoin(users, eq(users.id, reportSubscriptions.ownerId))
    .where(eq(reportSubscriptions.id, id))
    .limit(1);
  return row;
}

/** The owner's address and the extra ones, each once (case aside). */
function recipientsOf(ownerEmail: string, extra: string[]): string[] {
  const seen = new Map<string, string>();
  for (const address of [ownerEmail, ...extra]) if (address.includes('@') && !seen.has(address.toLowerCase())) seen.set(address.toLowerCase(), address);
  return [...seen.values()];
}

/** Runs the report as its owner (their privileges now) for the delivery's period and mails it; answers the report's period. */
async function send(ctx: AppContext, delivery: Delivery): Promise<{ from: string; to: string }> {
  const row = await subscriptionOf(ctx.db, delivery.subscriptionId);
  if (!row || row.sub.deletedAt || !row.sub.active) throw new Refused('el envío está en pausa o fue eliminado');
  const { sub } = row;
  const owner = await activeActorOf(ctx.db, sub.ownerId);
  if (!owner) throw new Refused(SUBSCRIPTION_MESSAGES.ownerInactive.toLowerCase());
  let report: ReportAnswer;
  try {
    report = await runReport(ctx.db, owner, sub.report, {
      ...sub.filters,
      ...periodQuery(REPORTS[sub.report], { from: delivery.periodFrom, to: delivery.periodTo }),
    });
  } catch (err) {
    if (err instanceof AppError) throw new Refused(err.message);
    throw new Error('no se pudo generar el reporte', { cause: err });
  }
  const content = await reportXlsxBuffer(report);
  const period = `${dayMonthYear(report.period.from)} al ${dayMonthYear(report.period.to)}`;
  const branch = report.branch?.name ?? 'Todas las sucursales';
  try {
    await ctx.mailer.send({
      to: recipientsOf(row.ownerEmail, sub.recipients).join(', '),
      subject: `${report.title} · ${period}`,
      text: [
        `Hola, ${owner.fullname}:`,
        '',
        `Le enviamos adjunto el reporte «${report.title}».`,
        `Periodo: ${period}`,
        `Sucursal: ${branch}`,
        '',
        `Envío programado ${FREQUENCY_LABELS[sub.frequency].toLowerCase()} a las ${hourText(sub.hour)}. Puede cambiarlo o pausarlo en Reportes › Envíos programados.`,
      ].join('\n'),
      attachments: [{ filename: `${reportFileName(report)}.xlsx`, content, contentType: XLSX_TYPE }],
    });
  } catch (err) {
    throw new Error(`no se pudo enviar el correo (${err instanceof Error ? err.message : String(err)})`, { cause: err });
  }
  return report.period;
}

/** Sends one claimed delivery and records its result: sent, or failed with its reason and when to try again. */
async function deliver(ctx: AppContext, delivery: Delivery, now: Date): Promise<boolean> {
  const d = reportDeliveries;
  try {
    const period = await send(ctx, delivery);
    await ctx.db.update(d).set({ status: 'sent', sentAt: new Date(), error: null, periodFrom: period.from, periodTo: period.to }).where(eq(d.id, delivery.id));
    return true;
  } catch (err) {
    const refused = err instanceof Refused;
    const reason = (err instanceof Error ? err.message : String(err)).slice(0, 500) || 'desconocido';
    ctx.log.warn({ err, delivery: delivery.id }, `Envío programado de reporte fallido (intento ${delivery.tries})`);
    await ctx.db
      .update(d)
      .set({ status: 'failed', error: reason, nextTryAt: retryAt(delivery.tries, RETRY_DELAYS_MS, now), ...(refused && { tries: DELIVERY_TRIES }) })
      .where(eq(d.id, delivery.id));
    return false;
  }
}

/** One run of the job at `now`: schedules what is due and sends it. Answers how many were sent and how many failed. */
export async function deliverDueReports(ctx: AppContext, now = new Date()): Promise<{ sent: number; failed: number }> {
  await scheduleDeliveries(ctx.db, now);
  const result = { sent: 0, failed: 0 };
  for (let i = 0; i < PER_RUN; i++) {
    const delivery = await claimNextDue(ctx.db, reportDeliveries, DELIVERY_TRIES, now);
    if (!delivery) break;
    if (await deliver(ctx, delivery, now)) result.sent++;
    else result.failed++;
  }
  return result;
}

export const reportDeliveryJobs: Job[] = [
  {
    name: 'enviar reportes programados',
    everyMs: 5 * 60_000,
    atStart: true,
    run: async (ctx) => {
      await deliverDueReports(ctx);
    },
  },
];
