import { z } from 'zod';
import { ageOn, todayIn } from './age';
import { dateField } from './customers.schemas';
import { email, msg, optionalPhone, phone, text } from './validation';

/** The staff file wizard (section 5 "User" to "Contracts"): one flat payload, validated step by step. */

export const WORK_SHIFTS = ['matutino', 'intermedio', 'vespertino'] as const;
export const workShiftLabels: Record<(typeof WORK_SHIFTS)[number], string> = { matutino: 'Matutino', intermedio: 'Intermedio', vespertino: 'Vespertino' };
export const STAFF_GENDERS = ['Masculino', 'Femenino', 'Otro'] as const;
export const STAFF_MARITAL_STATUSES = ['Soltero', 'Casado', 'Viudo', 'Divorciado', 'Concubinato', 'Separado'] as const;
export const EDUCATION_LEVELS = ['inicial', 'básica', 'media superior', 'superior'] as const;
export const BLOOD_TYPES = ['O+', 'O-', 'A+', 'A-', 'B+', 'B-', 'AB+', 'AB-'] as const;
export const STAFF_STATUSES = ['activo', 'inactivo'] as const;
export const DEFAULT_NATIONALITY = 'Mexicana';

/** CURP: 4 letters, birth date YYMMDD, sex H/M, state (2 letters), 3 consonants, a check character and a digit. */
export const CURP_PATTERN =
  /^[A-Z][AEIOUX][A-Z]{2}\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])[HM](AS|BC|BS|CC|CL|CM|CS|CH|DF|DG|GT|GR|HG|JC|MC|MN|MS|NT|NL|OC|PL|QT|QR|SP|SL|SR|TC|TS|TL|VZ|YN|ZS|NE)[B-DF-HJ-NP-TV-Z]{3}[A-Z\d]\d$/;
/** RFC of a person (persona física): 4 letters, birth date YYMMDD and a 3-character homoclave. */
export const PERSON_RFC_PATTERN = /^[A-ZÑ&]{4}\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])[A-Z\d]{2}[A\d]$/;
export const CURP_INVALID = 'CURP inválida';
export const RFC_INVALID_STAFF = 'RFC inválido';
export const NSS_INVALID = 'El NSS debe tener exactamente 11 dígitos';
export const ISR_REQUIRED = 'El campo ISR es requerido para puestos médicos';
export const SIGNATURE_ORDER = 'La fecha de firma no puede ser anterior a la del contrato previo';
export const DEPARTMENT_MISMATCH = 'El departamento debe ser el del puesto seleccionado';

/** Salary fits numeric(14,2) with room to spare; ISR is the percentage withheld from a medic's fees (ISR amount = commission × isr / 100). */
export const SALARY_MAX = 999_999_999.99;
export const SALARY_MIN_MESSAGE = 'El salario debe ser mayor o igual a 1';
export const SALARY_MAX_MESSAGE = 'El salario debe ser menor o igual a 999,999,999.99';
export const ISR_RANGE = 'El ISR es un porcentaje: debe estar entre 0 y 100';
export const notANumber = (label: string) => `El campo ${label} debe ser un número`;

/** Plausible staff dates (docs/decisions.md): age 14 to 100; work dates from 1950 to one year after today. */
export const STAFF_MIN_AGE = 14;
export const STAFF_MAX_AGE = 100;
export const STAFF_EARLIEST_DATE = '1950-01-01';
export const BIRTHDATE_OUT_OF_RANGE = `La fecha de nacimiento debe corresponder a una edad de ${STAFF_MIN_AGE} a ${STAFF_MAX_AGE} años`;
export const DEPARTURE_BEFORE_ADMISSION = 'La fecha de baja no puede ser anterior a la fecha de ingreso';
export const REENTRY_BEFORE_DEPARTURE = 'La fecha de reingreso no puede ser anterior a la fecha de baja';
export const REENTRY_WITHOUT_DEPARTURE = 'La fecha de reingreso requiere una fecha de baja';

/** One year after today (YYYY-MM-DD in the business zone); 29 February becomes the 28th. */
export function latestStaffDate(today = todayIn()): string {
  const [y, m, d] = today.split('-');
  return `${Number(y) + 1}-${m}-${m === '02' && d === '29' ? '28' : d}`;
}
const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
export const staffDateOutOfRange = (label: string, today = todayIn()) =>
  `El campo ${label} debe estar entre el ${dmy(STAFF_EARLIEST_DATE)} y el ${dmy(latestStaffDate(today))}`;

/** A job position whose name starts with Médico makes ISR required (section 4 "User"). */
export function isrRequired(jobPositionName: string | null | undefined): boolean {
  return /^m[eé]dico/i.test((jobPositionName ?? '').trim());
}

/**
 * The rules that depend on the chosen job position: the department is the position's own (the form
 * locks it) and a Médico position requires ISR. The server checks them with the stored position.
 */
export function staffPositionIssues(
  input: { departmentId: string; isr?: number | null },
  position: { name: string; departmentId: string },
): { field: string; message: string }[] {
  const issues: { field: string; message: string }[] = [];
  if (input.departmentId !== position.departmentId) issues.push({ field: 'departmentId', message: DEPARTMENT_MISMATCH });
  if (isrRequired(position.name) && (input.isr === null || input.isr === undefined)) issues.push({ field: 'isr', message: ISR_REQUIRED });
  return issues;
}

const blank = (v: unknown) => (v === '' || v === undefined || (typeof v === 'string' && !v.trim()) ? null : v);
const optionalText = (label: string, max: number, min?: number) =>
  z.preprocess(blank, (min ? z.string().trim().min(min, msg.min(label, min)) : z.string().trim()).max(max, msg.max(label, max)).nullable()).optional();
const optionalDate = (label: string) => z.preprocess(blank, dateField(label).nullable()).optional();
const upperText = (label: string, pattern: RegExp, message: string) =>
  z
    .string({ error: msg.required(label) })
    .trim()
    .min(1, msg.required(label))
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(pattern, message));

const absent = (v: unknown) => v === undefined || v === null || v === '';
/** Required vs. present but wrong: 'abc' or 2 is not "missing". */
const requiredOrInvalid = (label: string) => (iss: { input?: unknown }) => (absent(iss.input) ? msg.required(label) : msg.invalid(label));
const choice = <T extends readonly [string, ...string[]]>(values: T, label: string) => z.enum(values, { error: requiredOrInvalid(label) });
const reference = (label: string) => z.uuid({ error: requiredOrInvalid(label) });

/** A number typed in a form or sent as JSON; text that is not a number says so instead of "requerido". */
const numeric = (label: string, bounds: (n: z.ZodNumber) => z.ZodNumber = (n) => n) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() ? Number(v.trim()) : undefined) : v === null ? undefined : v),
    bounds(z.number({ error: (iss) => (iss.input === undefined ? msg.required(label) : notANumber(label)) })),
  );

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (v: unknown): v is string => typeof v === 'string' && ISO_DATE.test(v);
/** Admission, departure and re-entry: from 1950 to one year after today (a typo like 9999 is refused). */
const workDate = (label: string) =>
  dateField(label).superRefine((v, ctx) => {
    const today = todayIn();
    if (isDate(v) && (v < STAFF_EARLIEST_DATE || v > latestStaffDate(today))) ctx.addIssue({ code: 'custom', message: staffDateOutOfRange(label, today) });
  });
const optionalWorkDate = (label: string) => z.preprocess(blank, workDate(label).nullable()).optional();
const birthdate = dateField('fecha de nacimiento').superRefine((v, ctx) => {
  if (!isDate(v)) return;
  const age = ageOn(v, todayIn());
  if (age < STAFF_MIN_AGE || age > STAFF_MAX_AGE) ctx.addIssue({ code: 'custom', message: BIRTHDATE_OUT_OF_RANGE });
});

type Issue = { field: string; message: string };
const filled = (v: unknown) => (typeof v === 'string' ? v.trim() !== '' : v !== undefined && v !== null);

/** Departure not before admission; re-entry only after a departure, and not before it. */
export function staffDateIssues(v: Record<string, unknown>): Issue[] {
  const issues: Issue[] = [];
  const { admissionDate: admission, departureDate: departure, reentryDate: reentry } = v;
  if (isDate(departure) && isDate(admission) && departure < admission) issues.push({ field: 'departureDate', message: DEPARTURE_BEFORE_ADMISSION });
  if (isDate(reentry) && !filled(departure)) issues.push({ field: 'reentryDate', message: REENTRY_WITHOUT_DEPARTURE });
  if (isDate(reentry) && isDate(departure) && reentry < departure) issues.push({ field: 'reentryDate', message: REENTRY_BEFORE_DEPARTURE });
  return issues;
}

/** A secondary contact or reference is optional, but once any of its fields is filled the whole group is required. */
const SECONDARY_GROUPS: [string, string][][] = [
  [
    ['secondaryContactName', 'nombre del contacto secundario'],
    ['secondaryContactRelationship', 'parentesco del contacto secundario'],
    ['secondaryContactPhone', 'teléfono del contacto secundario'],
  ],
  [
    ['secondaryJobReferenceName', 'empresa de la referencia secundaria'],
    ['secondaryJobReferencePosition', 'puesto de la referencia secundaria'],
    ['secondaryJobReferenceBoss', 'jefe de la referencia secundaria'],
    ['secondaryJobReferencePhone', 'teléfono de la referencia secundaria'],
  ],
];
const phoneFilled = (v: unknown) => (typeof v === 'string' ? v.replace(/\D/g, '') !== '' : filled(v));

export function secondaryGroupIssues(v: Record<string, unknown>): Issue[] {
  const issues: Issue[] = [];
  for (const group of SECONDARY_GROUPS) {
    const has = (field: string) => (field.endsWith('Phone') ? phoneFilled(v[field]) : filled(v[field]));
    if (!group.some(([field]) => has(field))) continue;
    for (const [field, label] of group) if (!has(field)) issues.push({ field, message: msg.required(label) });
  }
  return issues;
}

/**
 * Cross-field rules run even when another field of the step is wrong, so the form shows them at once
 * (zod skips refinements after an issue by default); they need an object to look into.
 */
const ALWAYS = { when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null };
const report = (issues: Issue[], ctx: z.RefinementCtx) => issues.forEach((i) => ctx.addIssue({ code: 'custom', path: [i.field], message: i.message }));

export const staffUserStep = z.object({
  name: text('nombre', { max: 50 }),
  lastName: text('apellido paterno', { min: 2, max: 50 }),
  motherLastName: text('apellido materno', { min: 2, max: 50 }),
  username: email('usuario', 100),
  roleId: reference('rol'),
  /** Edit only: the status switch (section 4 "User"). */
  status: z.enum(STAFF_STATUSES).optional(),
});

export const staffInitialStep = z
  .object({
    employeeNumber: text('número de empleado', { max: 6 }),
    branchId: reference('sucursal'),
    workShift: choice(WORK_SHIFTS, 'turno'),
    jobPositionId: reference('puesto'),
    departmentId: reference('departamento'),
    birthdate,
    admissionDate: workDate('fecha de ingreso'),
    departureDate: optionalWorkDate('fecha de baja'),
    reentryDate: optionalWorkDate('fecha de reingreso'),
    phone: phone('teléfono'),
    salary: numeric('salario', (n) => n.min(1, SALARY_MIN_MESSAGE).max(SALARY_MAX, SALARY_MAX_MESSAGE)),
    isr: z.preprocess(blank, numeric('ISR', (n) => n.min(0, ISR_RANGE).max(100, ISR_RANGE)).nullable()).optional(),
    bankAccount: text('cuenta bancaria', { max: 18 }).regex(/^\d+$/, 'La cuenta bancaria solo admite dígitos'),
  })
  .superRefine((v, ctx) => report(staffDateIssues(v), ctx), ALWAYS);

export const staffPersonalStep = z.object({
  gender: choice(STAFF_GENDERS, 'género'),
  maritalStatus: choice(STAFF_MARITAL_STATUSES, 'estado civil'),
  nationality: text('nacionalidad', { max: 50 }),
  birthState: text('estado de nacimiento', { max: 50 }),
  birthCity: text('ciudad de nacimiento', { max: 50 }),
  nss: z
    .string({ error: msg.required('NSS') })
    .trim()
    .min(1, msg.required('NSS'))
    .regex(/^\d{11}$/, NSS_INVALID),
  curp: upperText('CURP', CURP_PATTERN, CURP_INVALID),
  rfc: upperText('RFC', PERSON_RFC_PATTERN, RFC_INVALID_STAFF),
  ocr: text('OCR', { min: 12, max: 13 }),
  infonavit: z
    .union([z.literal(1), z.literal(0), z.literal('1'), z.literal('0'), z.boolean()], { error: requiredOrInvalid('infonavit') })
    .transform((v) => v === 1 || v === '1' || v === true),
  educationalDegree: choice(EDUCATION_LEVELS, 'grado de estudios'),
  profession: text('profesión', { max: 50 }),
  professionalLicense: optionalText('cédula profesional', 20, 7),
  provisionalProfesionalLicense: optionalText('cédula provisional', 20, 7),
  childrens: numeric('hijos', (n) =>
    n.int('El campo hijos debe ser un número entero').min(0, 'El campo hijos no puede ser negativo').max(30, msg.invalid('hijos')),
  ),
  personalEmail: email('correo personal', 100),
  bloodType: choice(BLOOD_TYPES, 'tipo de sangre'),
  diseases: text('enfermedades', { max: 255 }),
  allergies: text('alergias', { max: 255 }),
  drugAllergies: text('alergias a medicamentos', { max: 255 }),
});

export const staffAddressStep = z.object({
  address: text('domicilio', { max: 255 }),
  city: text('ciudad', { max: 50 }),
  state: text('estado', { max: 50 }),
  addressINE: text('domicilio INE', { max: 255 }),
  cityINE: text('ciudad INE', { max: 50 }),
  stateINE: text('estado INE', { max: 50 }),
});

export const staffContactsStep = z
  .object({
    mainContactName: text('nombre del contacto principal', { max: 100 }),
    mainContactRelationship: text('parentesco del contacto principal', { max: 50 }),
    mainContactPhone: phone('teléfono del contacto principal'),
    secondaryContactName: optionalText('nombre del contacto secundario', 100),
    secondaryContactRelationship: optionalText('parentesco del contacto secundario', 50),
    secondaryContactPhone: optionalPhone(),
  })
  .superRefine((v, ctx) => report(secondaryGroupIssues(v), ctx), ALWAYS);

export const staffReferencesStep = z
  .object({
    mainJobReferenceName: text('empresa de la referencia principal', { max: 80 }),
    mainJobReferencePosition: text('puesto de la referencia principal', { max: 80 }),
    mainJobReferenceBoss: text('jefe de la referencia principal', { max: 80 }),
    mainJobReferencePhone: phone('teléfono de la referencia principal'),
    secondaryJobReferenceName: optionalText('empresa de la referencia secundaria', 80),
    secondaryJobReferencePosition: optionalText('puesto de la referencia secundaria', 80),
    secondaryJobReferenceBoss: optionalText('jefe de la referencia secundaria', 80),
    secondaryJobReferencePhone: optionalPhone(),
  })
  .superRefine((v, ctx) => report(secondaryGroupIssues(v), ctx), ALWAYS);

export const staffContractsStep = z.object({
  sign1: dateField('firma del contrato 1'),
  sign2: optionalDate('firma del contrato 2'),
  sign3: optionalDate('firma del contrato 3'),
  sign4: optionalDate('firma del contrato 4'),
});

/** The wizard's steps in order, with the title the screen shows. */
export const STAFF_STEPS = [
  { key: 'user', title: 'Usuario', schema: staffUserStep },
  { key: 'initial', title: 'Iniciales', schema: staffInitialStep },
  { key: 'personal', title: 'Personales', schema: staffPersonalStep },
  { key: 'address', title: 'Domicilio', schema: staffAddressStep },
  { key: 'contacts', title: 'Contactos', schema: staffContactsStep },
  { key: 'references', title: 'Referencias', schema: staffReferencesStep },
  { key: 'contracts', title: 'Contratos', schema: staffContractsStep },
] as const;

/** Signatures must be filled in order (no 3 without 2) and dated no earlier than the previous one. */
function checkSignatures(s: z.infer<typeof staffContractsStep>, ctx: z.RefinementCtx) {
  const dates = [s.sign1, s.sign2, s.sign3, s.sign4];
  for (let i = 1; i < 4; i++) {
    const d = dates[i];
    if (!d) continue;
    if (!dates[i - 1]) ctx.addIssue({ code: 'custom', path: [`sign${i}`], message: msg.required(`firma del contrato ${i}`) });
    else if (d < dates[i - 1]!) ctx.addIssue({ code: 'custom', path: [`sign${i + 1}`], message: SIGNATURE_ORDER });
  }
}

export const staffSchema = staffUserStep
  .extend(staffInitialStep.shape)
  .extend(staffPersonalStep.shape)
  .extend(staffAddressStep.shape)
  .extend(staffContactsStep.shape)
  .extend(staffReferencesStep.shape)
  .extend(staffContractsStep.shape)
  .superRefine(checkSignatures)
  // the steps' cross-field rules: .extend takes only their fields, so the whole payload checks them again
  .superRefine((v, ctx) => report([...staffDateIssues(v), ...secondaryGroupIssues(v)], ctx), ALWAYS);

export type StaffInput = z.infer<typeof staffSchema>;

/** The contract label of the staff list: the highest signature, 4 = Final (indefinido). */
export function contractLabel(signatures: { number: number; date: string }[]): string {
  if (!signatures.length) return 'Sin contrato';
  const last = signatures.reduce((a, b) => (b.number > a.number ? b : a));
  if (last.number >= 4) return 'Final (indefinido)';
  const [y, m, d] = last.date.slice(0, 10).split('-');
  return `Contrato ${last.number} (${d}/${m}/${y})`;
}
