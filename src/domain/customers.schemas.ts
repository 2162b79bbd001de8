import { z } from 'zod';
import { ADULT_AGE, ageOn, todayIn } from './age';
import { isIsoDate } from './dates';
import { msg, optionalPhone, text } from './validation';

export const GENDERS = ['Masculino', 'Femenino', 'Otro'] as const;
export const MARITAL_STATUSES = ['Soltero', 'Casado', 'Viudo', 'Divorciado', 'Otro'] as const;
export const RELATIONSHIPS = ['Padre', 'Madre', 'Abuelo(a)', 'Tío(a)', 'Hermano(a)', 'Tutor legal', 'Otro'] as const;

export const TUTOR_REQUIRED = 'El campo tutor es requerido para menores de edad';
export const RELATIONSHIP_REQUIRED = 'El campo parentesco es requerido para menores de edad';
export const MOBILE_REQUIRED = 'El campo teléfono celular es requerido para mayores de edad';
export const MINOR_CANNOT_BE_TUTOR = 'Un menor de edad no puede ser tutor';
export const BIRTHDAY_IN_FUTURE = 'La fecha de nacimiento no puede ser futura';
export const BIRTHDAY_TOO_OLD = 'La fecha de nacimiento no puede ser anterior al 01/01/1900';
export const SELF_TUTOR = 'Un cliente no puede ser su propio tutor';
export const TUTOR_NOT_ELIGIBLE = 'El tutor debe ser un cliente mayor de edad marcado como tutor';
/** The earliest plausible birthday (YYYY-MM-DD). */
export const MIN_BIRTHDAY = '1900-01-01';

const blank = (v: unknown) => (v === '' || v === undefined || (typeof v === 'string' && !v.trim()) ? null : v);
/** An enum whose message says 'required' when nothing was chosen and 'not valid' for an unknown value. */
const choice = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.enum(values, { error: (iss) => (iss.input === undefined || iss.input === null || iss.input === '' ? msg.required(label) : msg.invalid(label)) });
const optionalText = (label: string, max: number) => z.preprocess(blank, z.string().trim().max(max, msg.max(label, max)).nullable()).optional();

/** YYYY-MM-DD or DD-MM-YYYY (section 5), normalised to YYYY-MM-DD. */
export const dateField = (label: string) =>
  z
    .string({ error: msg.required(label) })
    .trim()
    .min(1, msg.required(label))
    .transform((v) => (/^\d{2}[-/]\d{2}[-/]\d{4}$/.test(v) ? `${v.slice(6)}-${v.slice(3, 5)}-${v.slice(0, 2)}` : v))
    .refine(isIsoDate, msg.invalid(label));

/** A plausible birthday: not before 1900-01-01 and not after today (both YYYY-MM-DD); the message, or null. */
export function birthdayProblem(birthday: string, today = todayIn()): string | null {
  if (birthday < MIN_BIRTHDAY) return BIRTHDAY_TOO_OLD;
  if (birthday > today) return BIRTHDAY_IN_FUTURE;
  return null;
}

/** What the tutor rule needs to know of the chosen tutor. */
export interface TutorCandidate {
  id: string;
  isTutor: boolean;
  birthday: string;
}

/**
 * A tutor is an existing adult customer marked as tutor, not the customer themself. Returns the message
 * for a tutor that breaks the rule, or null. (Whether the tutor exists is the caller's lookup.)
 */
export function tutorProblem(tutor: TutorCandidate, selfId: string | null | undefined, today = todayIn()): string | null {
  if (selfId && tutor.id === selfId) return SELF_TUTOR;
  if (!tutor.isTutor || ageOn(tutor.birthday, today) < ADULT_AGE) return TUTOR_NOT_ELIGIBLE;
  return null;
}

export const customerSchema = z
  .object({
    name: text('nombre', { max: 50 }),
    lastName: text('apellido paterno', { max: 50 }),
    motherLastName: optionalText('apellido materno', 50),
    gender: choice(GENDERS, 'género'),
    birthday: dateField('fecha de nacimiento').superRefine((v, ctx) => {
      const problem = isIsoDate(v) ? birthdayProblem(v) : null;
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
    phone: optionalPhone(),
    mobilePhone: optionalPhone('teléfono celular'),
    email: z
      .preprocess(
        blank,
        z
          .string()
          .trim()
          .max(100, msg.max('correo electrónico', 100))
          .pipe(z.email(msg.email('correo electrónico')))
          .nullable(),
      )
      .optional(),
    maritalStatus: z.preprocess(blank, choice(MARITAL_STATUSES, 'estado civil').nullable()).optional(),
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
    // the birthday's own issues are reported on the field; the age rules need a plausible date
    if (!isIsoDate(c.birthday) || birthdayProblem(c.birthday, today)) return;
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
  noteType: choice(NOTE_TYPES, 'tipo de nota'),
  title: text('título', { max: 100 }),
  note: text('nota', { max: 2000 }),
});
export type NoteInput = z.output<typeof noteSchema>;
