import { z } from 'zod';
import { optionalText } from './branches.schemas';
import { weekScheduleSchema } from './schedules';
import { msg, text } from './validation';

const id = (label: string) => z.uuid({ error: msg.required(label) });

/** Stored without '#', lower case: 'e83e8c'. */
export const hexColor = (label = 'color') =>
  z
    .string({ error: msg.required(label) })
    .trim()
    .min(1, msg.required(label))
    .transform((v) => v.replace(/^#/, '').toLowerCase())
    .pipe(z.string().regex(/^[0-9a-f]{6}$/, msg.invalid(label)));

export const CABIN_TYPE_ORDER_MIN = 'El campo orden debe ser mayor o igual a 1';

export const cabinTypeSchema = z.object({
  treatmentTypeId: id('tipo de tratamiento'),
  name: text('nombre', { max: 60 }),
  order: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: msg.required('orden') })
      .int(msg.invalid('orden'))
      .min(1, CABIN_TYPE_ORDER_MIN)
      .max(999, msg.invalid('orden')),
  ),
  color: hexColor(),
});
export type CabinTypeInput = z.output<typeof cabinTypeSchema>;

export const CABIN_DESCRIPTION_MAX = 80;

/** Cabin payload (section 3): typeId, branchId, schedule; the status switch only on edit. */
export const cabinSchema = z.object({
  name: text('nombre', { max: 60 }),
  typeId: id('tipo de cabina'),
  branchId: id('sucursal'),
  description: optionalText('descripción', CABIN_DESCRIPTION_MAX),
  status: z.boolean().optional(),
  schedule: weekScheduleSchema.optional(),
});
export type CabinInput = z.output<typeof cabinSchema>;

export const CABIN_TYPE_IN_USE = 'No se puede eliminar un tipo de cabina con cabinas asignadas';
