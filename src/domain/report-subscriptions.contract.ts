import { z } from 'zod';
import { recordRoutes, timestamps, type Answer, type ItemOf } from './contract';
import { listQuerySchema } from './list';
import { named } from './refs';
import { DELIVERY_STATUSES, MAX_EXTRA_RECIPIENTS, SUBSCRIPTION_FREQUENCIES, SUBSCRIPTION_MESSAGES } from './report-subscriptions';
import { REPORT_NAMES, type ReportMeta } from './reports';
import { reportQuery, REPORT_BASES, PROFITABILITY_TYPES, type ReportBasis } from './reports.contract';
import { email, msg } from './validation';

/** /v1/report-subscription: a user's scheduled deliveries of a report (issue 29). */

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const requiredOrInvalid = (label: string) => (iss: { input?: unknown }) => (iss.input === undefined ? msg.required(label) : msg.invalid(label));

/** The hub's filters a subscription keeps; the period is not one of them (each occurrence sends the period just ended). */
export const subscriptionFilters = reportQuery.pick({ branchId: true, userId: true, basis: true, type: true });
export type SubscriptionFilters = z.output<typeof subscriptionFilters>;

const hour = z.preprocess(
  blank,
  z
    .number({ error: requiredOrInvalid('hora') })
    .int(msg.invalid('hora'))
    .min(0, 'La hora debe estar entre 0 y 23')
    .max(23, 'La hora debe estar entre 0 y 23'),
);

/** More addresses besides the owner's, each a valid e-mail, none repeated (case aside). */
const recipients = z
  .array(email('destinatario'), { error: msg.invalid('destinatarios') })
  .max(MAX_EXTRA_RECIPIENTS, `Puede agregar como máximo ${MAX_EXTRA_RECIPIENTS} destinatarios`)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((address, i) => {
      const key = address.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i], message: SUBSCRIPTION_MESSAGES.duplicateRecipient });
      seen.add(key);
    });
  });

export const reportSubscriptionSchema = z.object({
  report: z.enum(REPORT_NAMES, { error: requiredOrInvalid('reporte') }),
  filters: subscriptionFilters.default({}),
  frequency: z.enum(SUBSCRIPTION_FREQUENCIES, { error: requiredOrInvalid('frecuencia') }),
  hour,
  recipients: recipients.default([]),
  active: z.boolean({ error: msg.invalid('activo') }).default(true),
});
export type ReportSubscriptionInput = z.output<typeof reportSubscriptionSchema>;

const lastDelivery = z.object({
  /** The due instant it was for. */
  occurrence: z.date(),
  period: z.object({ from: z.string(), to: z.string() }),
  status: z.enum(DELIVERY_STATUSES),
  /** 'Enviado', 'Error: …', 'Pendiente' or 'Enviando'. */
  result: z.string(),
  tries: z.number(),
  sentAt: z.date().nullable(),
});

export const reportSubscriptionDto = z.object({
  id: z.string(),
  report: z.enum(REPORT_NAMES),
  reportTitle: z.string(),
  filters: z.object({
    branchId: z.string().optional(),
    userId: z.string().optional(),
    basis: z.enum(REPORT_BASES).optional(),
    type: z.enum(PROFITABILITY_TYPES).optional(),
  }),
  /** The filters in words: 'Sucursal: Tijuana · Base de efectivo'. */
  filtersSummary: z.string(),
  frequency: z.enum(SUBSCRIPTION_FREQUENCIES),
  hour: z.number(),
  /** The zone the hour is read in: the branch's, or the chain's when the report is chain-wide. */
  timeZone: z.string(),
  owner: named,
  ownerEmail: z.string(),
  recipients: z.array(z.string()),
  active: z.boolean(),
  nextRunAt: z.date().nullable(),
  lastDelivery: lastDelivery.nullable(),
  ...timestamps,
});

const listQuery = listQuerySchema.extend({ report: z.preprocess(blank, z.enum(REPORT_NAMES, { error: msg.invalid('reporte') }).optional()) });

export const reportSubscriptionRoutes = recordRoutes('/report-subscription', {
  query: listQuery,
  body: reportSubscriptionSchema,
  response: reportSubscriptionDto,
});

export type ReportSubscription = Answer<typeof reportSubscriptionRoutes.get>;
export type ReportSubscriptionItem = ItemOf<typeof reportSubscriptionRoutes.list>;

const BASIS_TEXT: Record<ReportBasis, string> = { cash: 'Base de efectivo', sale: 'Base de venta' };
const TYPE_TEXT = { income: 'Ingresos', expenses: 'Egresos' } as const;

/** The filters of a subscription in words, for the list and the e-mail; only those its report takes. */
export function filtersSummary(
  meta: Pick<ReportMeta, 'filters'>,
  filters: SubscriptionFilters,
  names: { branch?: string | null; user?: string | null },
): string {
  const parts: string[] = [];
  if (meta.filters.includes('branch')) parts.push(`Sucursal: ${names.branch ?? 'Todas'}`);
  if (meta.filters.includes('user') && names.user) parts.push(`Usuario: ${names.user}`);
  if (meta.filters.includes('basis')) parts.push(BASIS_TEXT[filters.basis ?? 'cash']);
  if (meta.filters.includes('profitabilityType') && filters.type) parts.push(TYPE_TEXT[filters.type]);
  return parts.join(' · ') || 'Sin filtros';
}

/** The fields of the hub's 'Programar envío' form; the report and its filters come from the hub. */
export const subscriptionFormSchema = reportSubscriptionSchema.pick({ frequency: true, hour: true, recipients: true });
