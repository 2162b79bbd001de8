import { z } from 'zod';
import { ADULT_AGE, ageOn, todayIn } from './age';
import { msg, text } from './validation';

export const GENDERS = ['Masculino', 'Femenino', 'Otro'] as const;
export const MARITAL_STATUSES = ['Soltero', 'Casado', 'Viudo', 'Divorciado', 'Otro'] as const;
export const RELATIONSHIPS = ['Padre', 'Madre', 'Abuelo(a)', 'Tío(a)', 'Hermano(a)', 'Tutor legal', 'Otro'] as const;

export const TUTOR_REQUIRED = 'El campo tutor es requerido para menores de edad';
export const RELATIONSHIP_REQUIRED = 'El campo parentesco es requerido para menores de edad';
export const MOBILE_REQUIRED = 'El campo teléfono celular es requerido para mayores de edad';
export const MINOR_CANNOT_BE_TUTOR = 'Un menor de edad no puede ser tutor';
export const BIRTHDAY_IN_FUTURE = 'La fecha de nacimiento no puede ser futura';

const blank = (v: unknown) => (v === '' || v === undefined || (typeof v === 'string' && !v.trim()) ? null : v);
/** An optional phone: the mask is stripped; when given it has 10 digits. */
const optionalDigits = () =>
  z.preprocess((v) => (typeof v === 'string' ? blank(v.replace(/\D/g, '')) : blank(v)), z.string().regex(/^\d{10}$/, msg.phone).nullable()).optional();
const optionalText = (label: string, max: number) => z.preprocess(blank, z.string().trim().max(max, msg.max(label, max)).nullable()).optional();

/** YYYY-MM-DD or DD-MM-YYYY (section 5), normalised to YYYY-MM-DD. */
export const dateField = (label: string) =>
  z
    .string({ error: msg.required(label) })
    .trim()
    .min(1, msg.required(label))
    .transform((v) => (/^\d{2}[-/]\d{2}[-/]\d{4}$/.test(v) ? `${v.slice(6)}-${v.slice(3, 5)}-${v.slice(0, 2)}` : v))
    .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v + 'T00:00:00Z')) && new Date(v + 'T00:00:00Z').toISOString().startsWith(v), msg.invalid(label));

export const customerSchema = z
  .object({
    name: text('nombre', { max: 50 }),
    lastName: text('apellido paterno', { max: 50 }),
    motherLastName: optionalText('apellido materno', 50),
    gender: z.enum(GENDERS, { error: msg.required('género') }),
    birthday: dateField('fecha de nacimiento'),
    phone: optionalDigits(),
    mobilePhone: optionalDigits(),
    email: z.preprocess(blank, z.string().trim().max(100, msg.max('correo electrónico', 100)).pipe(z.email(msg.email('correo electrónico'))).nullable()).optional(),
    maritalStatus: z.preprocess(blank, z.enum(MARITAL_STATUSES).nullable()).optional(),
    originCountry: optionalText('país de origen', 50),
    reference: optionalText('referencia', 100),
    tutorId: z.preprocess(blank, z.uuid({ error: msg.invalid('tutor') }).nullable()).optional(),
    relationship: optionalText('parentesco', 50),
    isTutor: z.boolean().optional(),
    status: z.boolean().optional(),
    blackList: z.boolean().optional(),
  })
  .superRefine((c, ctx) => {
    const today = todayIn();
    if (c.birthday > today) {
      ctx.addIssue({ code: 'custom', path: ['birthday'], message: BIRTHDAY_IN_FUTURE });
      return;
    }
    if (ageOn(c.birthday, today) < ADULT_AGE) {
      if (!c.tutorId) ctx.addIssue({ code: 'custom', path: ['tutorId'], message: TUTOR_REQUIRED });
      if (!c.relationship) ctx.addIssue({ code: 'custom', path: ['relationship'], message: RELATIONSHIP_REQUIRED });
      if (c.isTutor) ctx.addIssue({ code: 'custom', path: ['isTutor'], message: MINOR_CANNOT_BE_TUTOR });
    } else if (!c.mobilePhone) {
      ctx.addIssue({ code: 'custom', path: ['mobilePhone'], message: MOBILE_REQUIRED });
    }
  });
export type CustomerInput = z.output<typeof customerSchema>;

export const NOTE_TYPES = ['General', 'Médica', 'Cosmetológica', 'Administrativa', 'Queja'] as const;

export const noteSchema = z.object({
  customerId: z.uuid({ error: msg.required('cliente') }),
  noteType: z.enum(NOTE_TYPES, { error: msg.required('tipo de nota') }),
  title: text('título', { max: 100 }),
  note: text('nota', { max: 2000 }),
});
export type NoteInput = z.output<typeof noteSchema>;
