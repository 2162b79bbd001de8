import { z } from 'zod';
import { route, type Answer } from './contract';
import { INDICATOR_NAMES } from './indicators';
import { reportAnswer, reportQuery } from './reports.contract';

/**
 * The owner's indicators (issue 29): GET /v1/indicators answers every indicator per branch and for the chain, now and
 * the same days a year before; GET /v1/indicators/{name}/drill answers the rows behind one figure. The period filters
 * are the reports' (startDate/endDate, month YYYY-MM, year; none = this month) and their branch filter.
 */
export const indicatorsQuery = reportQuery.pick({ branchId: true, startDate: true, endDate: true, month: true, year: true });
export type IndicatorsQuery = z.output<typeof indicatorsQuery>;

const figure = z.object({
  value: z.number().nullable(),
  lastYear: z.number().nullable(),
  /** value − lastYear (points for a percent, pesos for money); null when either is missing. */
  change: z.number().nullable(),
  /** The change in percent of last year's value; null when last year's is missing or zero. */
  changePercent: z.number().nullable(),
});

const indicatorRow = z.object({
  /** null: the chain (every branch of the scope together). */
  branchId: z.string().nullable(),
  branch: z.string(),
  figures: z.record(z.enum(INDICATOR_NAMES), figure),
});

const periodDto = z.object({ from: z.string(), to: z.string() });

export const indicatorsAnswer = z.object({
  period: periodDto,
  lastYearPeriod: periodDto,
  generatedAt: z.date(),
  branch: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The chain's row first (the scope's branches together), then one row per branch. */
  rows: z.array(indicatorRow),
});
export type IndicatorsAnswer = z.output<typeof indicatorsAnswer>;

const drillParams = z.object({ name: z.string().max(60) });

/** The rows behind one figure: the branch's (or, without one, the chain's), this year or last year (`lastYear=true`). */
export const indicatorDrillQuery = indicatorsQuery.extend({
  lastYear: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(['true', 'false'], { error: 'El campo año anterior no es válido' }).optional(),
  ),
});

/** The figure and the report-shaped rows behind it (their totals give the figure back through its formula). */
export const indicatorDrillAnswer = reportAnswer
  .omit({ name: true, basis: true, totalsLabel: true })
  .extend({ indicator: z.enum(INDICATOR_NAMES), value: z.number().nullable() });
export type IndicatorDrillAnswer = z.output<typeof indicatorDrillAnswer>;

export const indicatorRoutes = {
  get: route({ method: 'GET', path: '/indicators', query: indicatorsQuery, response: indicatorsAnswer }),
  drill: route({ method: 'GET', path: '/indicators/:name/drill', params: drillParams, query: indicatorDrillQuery, response: indicatorDrillAnswer }),
};

export type Indicators = Answer<typeof indicatorRoutes.get>;
export type IndicatorDrill = Answer<typeof indicatorRoutes.drill>;
