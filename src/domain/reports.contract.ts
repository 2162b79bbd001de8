import { z } from 'zod';
import { route, type Answer } from './contract';
import { REPORT_NAMES } from './reports';
import { msg, optionalDate, optionalUuid } from './validation';

/** API.md 'Reports': GET /v1/report/{name} with the spec's filters; ?format=xlsx answers the same report as a workbook. */

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A month of a filter: YYYY-MM (the spec also sends it as two digits with a year). */
const optionalMonth = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .regex(/^(19|20)\d{2}-(0[1-9]|1[0-2])$/, 'El mes debe tener el formato AAAA-MM')
    .optional(),
);
const optionalYear = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ error: msg.invalid('año') })
    .int(msg.invalid('año'))
    .min(2000, msg.invalid('año'))
    .max(2100, msg.invalid('año'))
    .optional(),
);

export const REPORT_BASES = ['cash', 'sale'] as const;
export type ReportBasis = (typeof REPORT_BASES)[number];
export const PROFITABILITY_TYPES = ['income', 'expenses'] as const;

export const reportQuery = z.object({
  branchId: optionalUuid('sucursal'),
  startDate: optionalDate('fecha inicial'),
  endDate: optionalDate('fecha final'),
  month: optionalMonth,
  year: optionalYear,
  userId: optionalUuid('usuario'),
  basis: z.preprocess(blankToUndefined, z.enum(REPORT_BASES, { error: msg.invalid('base') }).optional()),
  type: z.preprocess(blankToUndefined, z.enum(PROFITABILITY_TYPES, { error: msg.invalid('tipo') }).optional()),
  format: z.enum(['json', 'xlsx']).optional(),
  /** A line report's page (API.md list conventions): 1-based, `take` rows of at most 1,000; without `take`, every row. */
  page: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: msg.invalid('página') })
      .int(msg.invalid('página'))
      .min(1, msg.invalid('página'))
      .max(1_000_000, msg.invalid('página'))
      .optional(),
  ),
  take: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: msg.invalid('registros por página') })
      .int(msg.invalid('registros por página'))
      .min(1, msg.invalid('registros por página'))
      .max(1000, msg.invalid('registros por página'))
      .optional(),
  ),
});
export type ReportQuery = z.output<typeof reportQuery>;

const columnDto = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(['money', 'number', 'percent', 'date', 'datetime', 'text']),
  sums: z.boolean().optional(),
});
const cell = z.union([z.string(), z.number(), z.null()]);

export const reportAnswer = z.object({
  name: z.enum(REPORT_NAMES),
  title: z.string(),
  /** The branch-local days the report covers (inclusive). */
  period: z.object({ from: z.string(), to: z.string() }),
  basis: z.enum(REPORT_BASES).optional(),
  generatedAt: z.date(),
  generatedBy: z.object({ name: z.string(), role: z.string() }),
  branch: z.object({ id: z.string(), name: z.string() }).nullable(),
  definition: z.string(),
  columns: z.array(columnDto),
  rows: z.array(z.record(z.string(), cell)),
  /** The sums of the columns that add up (null where a column does not), or null when none does. */
  totals: z.record(z.string(), cell).nullable(),
  /** A label for the totals row when it is not a plain sum (profitability's 'Utilidad'). */
  totalsLabel: z.string().optional(),
  /** With `take` on a line report: which page this is and how many rows there are in all. */
  meta: z
    .object({ page: z.number(), take: z.number(), itemCount: z.number(), pageCount: z.number(), hasPreviousPage: z.boolean(), hasNextPage: z.boolean() })
    .optional(),
});
export type ReportAnswer = z.output<typeof reportAnswer>;
export type ReportRow = ReportAnswer['rows'][number];

/** Any name: an unknown one is a 404 (API.md), not a 400. */
const nameParams = z.object({ name: z.string().max(60) });

/** The rows behind one cell of a report (its `drill` column): which row is given by its `key`. */
export const drillQuery = reportQuery.extend({ key: z.string().trim().min(1, msg.required('fila')).max(200) });

export const reportRoutes = {
  get: route({ method: 'GET', path: '/report/:name', params: nameParams, query: reportQuery, response: reportAnswer }),
  drill: route({ method: 'GET', path: '/report/:name/drill', params: nameParams, query: drillQuery, response: reportAnswer }),
};

export type Report = Answer<typeof reportRoutes.get>;
