import { z } from 'zod';
import { recordRoutes, timestamps, type Answer, type ItemOf } from './contract';
import { GOAL_MESSAGES } from './goals';
import { listQuerySchema } from './list';
import { named } from './refs';
import { intField, moneyField, requiredId } from './treatments.schemas';
import { msg, optionalUuid } from './validation';

/** Goals (second document, sections 3, 5 and 9): one sales goal per branch and month. */

const blank = (v: unknown) => v === '' || v === null || v === undefined;

/** A month as '03', '3' or 3; answered as the number 1–12. */
const monthField = z.preprocess(
  (v) => (blank(v) ? undefined : typeof v === 'string' && /^\d{1,2}$/.test(v.trim()) ? Number(v) : v),
  z
    .number({ error: (iss) => (iss.input === undefined ? msg.required('mes') : msg.invalid('mes')) })
    .int(msg.invalid('mes'))
    .min(1, msg.invalid('mes'))
    .max(12, msg.invalid('mes')),
);

export const GOAL_YEARS = { min: 2000, max: 2100 } as const;

/** Every field of the goal form (the form's zodRule reads them one at a time). */
export const goalSchema = z.object({
  goal: moneyField('meta').refine((n) => n > 0, GOAL_MESSAGES.positive),
  branchId: requiredId('sucursal'),
  month: monthField,
  year: intField('año', GOAL_YEARS.min, GOAL_YEARS.max),
});
export type GoalInput = z.output<typeof goalSchema>;

/** A goal with its month's progress; money in pesos. */
export const goalDto = z.object({
  id: z.string(),
  goal: z.number(),
  year: z.number(),
  /** Two digits, as the spec writes it. */
  month: z.string(),
  branchId: z.string(),
  branch: named,
  totalSale: z.number(),
  dailyGoal: z.number(),
  percent: z.number(),
  remaining: z.number(),
  ...timestamps,
});

const optionalInt = (label: string, min: number, max: number) =>
  z.preprocess(
    (v) => (blank(v) ? undefined : v),
    z.coerce
      .number({ error: msg.invalid(label) })
      .int(msg.invalid(label))
      .min(min, msg.invalid(label))
      .max(max, msg.invalid(label))
      .optional(),
  );

const goalListQuery = listQuerySchema.extend({
  branchId: optionalUuid('sucursal'),
  year: optionalInt('año', GOAL_YEARS.min, GOAL_YEARS.max),
  month: optionalInt('mes', 1, 12),
});

export const goalRoutes = recordRoutes('/goal', { query: goalListQuery, body: goalSchema, response: goalDto });

export type Goal = Answer<typeof goalRoutes.get>;
export type GoalListItem = ItemOf<typeof goalRoutes.list>;
