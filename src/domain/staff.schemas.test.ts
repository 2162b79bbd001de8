import { describe, expect, it } from 'vitest';
import {
  BIRTHDATE_OUT_OF_RANGE,
  DEPARTURE_BEFORE_ADMISSION,
  ISR_RANGE,
  REENTRY_BEFORE_DEPARTURE,
  REENTRY_WITHOUT_DEPARTURE,
  SALARY_MAX_MESSAGE,
  latestStaffDate,
  notANumber,
  staffContactsStep,
  staffDateOutOfRange,
  staffReferencesStep,
  CURP_INVALID,
  DEPARTMENT_MISMATCH,
  ISR_REQUIRED,
  NSS_INVALID,
  RFC_INVALID_STAFF,
  SIGNATURE_ORDER,
  STAFF_STEPS,
  contractLabel,
  isrRequired,
  staffContractsStep,
  staffInitialStep,
  staffPersonalStep,
  staffPositionIssues,
  staffSchema,
  staffUserStep,
} from './staff.schemas';

const ROLE = '0f3c1c8e-5d1a-4a4b-9a51-3f1e2d4c5b6a';
const BRANCH = '1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d';
const JOB = '2b3c4d5e-6f7a-4b2c-9d3e-4f5a6b7c8d9e';
const DEPT = '3c4d5e6f-7a8b-4c3d-8e4f-5a6b7c8d9e0f';

const VALID = {
  name: 'Lucía',
  lastName: 'Gómez',
  motherLastName: 'Martínez',
  username: 'lucia@clinica.mx',
  roleId: ROLE,
  employeeNumber: '000123',
  branchId: BRANCH,
  workShift: 'matutino',
  jobPositionId: JOB,
  departmentId: DEPT,
  birthdate: '1985-03-12',
  admissionDate: '15/01/2024',
  phone: '(664)123-4567',
  salary: '12000.50',
  isr: '',
  bankAccount: '012180001234567891',
  gender: 'Femenino',
  maritalStatus: 'Concubinato',
  nationality: 'Mexicana',
  birthState: 'Baja California',
  birthCity: 'Tijuana',
  nss: '43218765019',
  curp: ' goma850312mbcnrl09 ',
  rfc: 'goma850312qx7',
  ocr: '445566778899',
  infonavit: '0',
  educationalDegree: 'media superior',
  profession: 'Cosmetóloga',
  childrens: '1',
  personalEmail: 'lucia.personal@correo.mx',
  bloodType: 'AB-',
  diseases: 'Ninguna',
  allergies: 'Ninguna',
  drugAllergies: 'Ninguna',
  address: 'Calle Río Bravo 123',
  city: 'Tijuana',
  state: 'Baja California',
  addressINE: 'Calle Río Bravo 123',
  cityINE: 'Tijuana',
  stateINE: 'Baja California',
  mainContactName: 'Rosa Martínez',
  mainContactRelationship: 'Madre',
  mainContactPhone: '6641112233',
  mainJobReferenceName: 'Spa Rosarito',
  mainJobReferencePosition: 'Cosmetóloga',
  mainJobReferenceBoss: 'Ana Ruiz',
  mainJobReferencePhone: '6612223344',
  sign1: '2024-01-15',
};

type Result = { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } };
const messageOf = (r: Result, field: string) => r.error?.issues.find((i) => i.path.join('.') === field)?.message;
const check = (over: Record<string, unknown>) => staffSchema.safeParse({ ...VALID, ...over });

describe('staff payload', () => {
  it('normalises the wizard values', () => {
    const s = staffSchema.parse({ ...VALID, secondaryContactName: ' ', secondaryContactPhone: '', professionalLicense: '' });
    expect(s).toMatchObject({
      admissionDate: '2024-01-15',
      phone: '6641234567',
      salary: 12000.5,
      isr: null,
      curp: 'GOMA850312MBCNRL09',
      rfc: 'GOMA850312QX7',
      infonavit: false,
      childrens: 1,
      secondaryContactName: null,
      secondaryContactPhone: null,
      professionalLicense: null,
    });
    expect(staffSchema.parse({ ...VALID, infonavit: 1 }).infonavit).toBe(true);
  });

  it('refuses a body that is not an object without throwing', () => {
    for (const body of [null, undefined, 'x', 5, []]) expect(staffSchema.safeParse(body).success).toBe(false);
    expect(staffContactsStep.safeParse(null).success).toBe(false);
  });

  it('requires the spec fields with the required message', () => {
    const r = staffSchema.safeParse({});
    expect(messageOf(r, 'name')).toBe('El campo nombre es requerido');
    expect(messageOf(r, 'employeeNumber')).toBe('El campo número de empleado es requerido');
    expect(messageOf(r, 'salary')).toBe('El campo salario es requerido');
    expect(messageOf(r, 'sign1')).toBe('El campo firma del contrato 1 es requerido');
    expect(messageOf(r, 'isr')).toBeUndefined();
    expect(messageOf(r, 'sign2')).toBeUndefined();
  });

  it('checks the user tab: surnames 2 to 50, username an e-mail up to 100', () => {
    expect(staffUserStep.safeParse({ ...VALID, lastName: 'G' }).success).toBe(false);
    expect(staffUserStep.safeParse({ ...VALID, lastName: 'Gó' }).success).toBe(true);
    expect(staffUserStep.safeParse({ ...VALID, username: 'lucia' }).success).toBe(false);
    expect(staffUserStep.safeParse({ ...VALID, username: 'a'.repeat(96) + '@x.mx' }).success).toBe(false);
    expect(staffUserStep.safeParse({ ...VALID, username: 'a'.repeat(95) + '@x.mx' }).success).toBe(true);
    expect(staffUserStep.safeParse({ ...VALID, name: 'x'.repeat(51) }).success).toBe(false);
    expect(staffUserStep.safeParse({ ...VALID, status: 'suspendido' }).success).toBe(false);
  });

  it('bounds employee number, bank account and salary', () => {
    const initial = (over: Record<string, unknown>) => staffInitialStep.safeParse({ ...VALID, ...over });
    expect(initial({ employeeNumber: '123456' }).success).toBe(true);
    expect(messageOf(initial({ employeeNumber: '1234567' }), 'employeeNumber')).toBe('El campo número de empleado debe tener como máximo 6 caracteres');
    expect(initial({ bankAccount: '1'.repeat(18) }).success).toBe(true);
    expect(initial({ bankAccount: '1'.repeat(19) }).success).toBe(false);
    expect(initial({ bankAccount: '0121-8000' }).success).toBe(false);
    expect(initial({ salary: 1 }).success).toBe(true);
    expect(messageOf(initial({ salary: 0.99 }), 'salary')).toBe('El salario debe ser mayor o igual a 1');
    expect(initial({ isr: -1 }).success).toBe(false);
    expect(initial({ workShift: 'nocturno' }).success).toBe(false);
    expect(initial({ phone: '664123456' }).success).toBe(false);
  });

  it('validates CURP, RFC of a person, NSS, OCR and licences', () => {
    const personal = (over: Record<string, unknown>) => staffPersonalStep.safeParse({ ...VALID, ...over });
    expect(personal({}).success).toBe(true);
    expect(messageOf(personal({ curp: 'GOMA851312MBCNRL09' }), 'curp')).toBe(CURP_INVALID);
    expect(messageOf(personal({ curp: 'GOMA850312XBCNRL09' }), 'curp')).toBe(CURP_INVALID);
    expect(messageOf(personal({ curp: 'GOMA850312MXXNRL09' }), 'curp')).toBe(CURP_INVALID);
    expect(messageOf(personal({ rfc: 'CEB180101AB1' }), 'rfc')).toBe(RFC_INVALID_STAFF);
    expect(messageOf(personal({ rfc: 'GOMA851312QX7' }), 'rfc')).toBe(RFC_INVALID_STAFF);
    expect(personal({ rfc: 'ÑOMA850312QXA' }).success).toBe(true);
    expect(messageOf(personal({ nss: '4321876501' }), 'nss')).toBe(NSS_INVALID);
    expect(messageOf(personal({ nss: '4321876501a' }), 'nss')).toBe(NSS_INVALID);
    expect(personal({ ocr: '44556677889' }).success).toBe(false);
    expect(personal({ ocr: '445566778899' }).success).toBe(true);
    expect(personal({ ocr: '4455667788990' }).success).toBe(true);
    expect(personal({ ocr: '44556677889900' }).success).toBe(false);
    expect(messageOf(personal({ professionalLicense: '123456' }), 'professionalLicense')).toBe('El campo cédula profesional debe tener al menos 7 caracteres');
    expect(personal({ professionalLicense: '1234567', provisionalProfesionalLicense: '7654321' }).success).toBe(true);
    expect(personal({ provisionalProfesionalLicense: '12' }).success).toBe(false);
    expect(personal({ personalEmail: 'no-es-correo' }).success).toBe(false);
    expect(personal({ bloodType: 'C+' }).success).toBe(false);
    expect(personal({ infonavit: 2 }).success).toBe(false);
    expect(personal({ childrens: -1 }).success).toBe(false);
    expect(personal({ childrens: 1.5 }).success).toBe(false);
  });

  it('takes the secondary contact and reference as optional with valid phones', () => {
    expect(check({ secondaryContactPhone: '123' }).success).toBe(false);
    expect(check({ secondaryJobReferenceName: 'x'.repeat(81) }).success).toBe(false);
    expect(check({ secondaryContactName: 'Pedro', secondaryContactRelationship: 'Hermano', secondaryContactPhone: '(664)222-3344' }).success).toBe(true);
  });

  it('refuses a half-filled secondary contact or reference, on the step and on the whole payload', () => {
    const contact = { secondaryContactName: 'Pedro', secondaryContactRelationship: 'Hermano' };
    expect(messageOf(check(contact), 'secondaryContactPhone')).toBe('El campo teléfono del contacto secundario es requerido');
    expect(messageOf(staffContactsStep.safeParse({ ...VALID, ...contact }), 'secondaryContactPhone')).toBe(
      'El campo teléfono del contacto secundario es requerido',
    );
    // the form shows it even while the principal contact is still empty
    expect(messageOf(staffContactsStep.safeParse(contact), 'secondaryContactPhone')).toBe('El campo teléfono del contacto secundario es requerido');
    expect(messageOf(check({ secondaryContactPhone: '(664)222-3344' }), 'secondaryContactName')).toBe('El campo nombre del contacto secundario es requerido');
    expect(check({ secondaryContactName: ' ', secondaryContactPhone: '(___)___-____' }).success).toBe(true);
    const reference = { secondaryJobReferenceName: 'Clínica Norte', secondaryJobReferenceBoss: 'Jorge Díaz' };
    const r = staffReferencesStep.safeParse({ ...VALID, ...reference });
    expect(messageOf(r, 'secondaryJobReferencePhone')).toBe('El campo teléfono de la referencia secundaria es requerido');
    expect(messageOf(r, 'secondaryJobReferencePosition')).toBe('El campo puesto de la referencia secundaria es requerido');
    expect(check({ ...reference, secondaryJobReferencePosition: 'Auxiliar', secondaryJobReferencePhone: '6861234567' }).success).toBe(true);
  });
});

describe('numbers and dates', () => {
  const initial = (over: Record<string, unknown>) => staffInitialStep.safeParse({ ...VALID, ...over });
  const today = '2026-11-22';

  it('bounds salary and ISR (a percentage) and tells text from a missing value', () => {
    expect(initial({ salary: 999_999_999.99 }).success).toBe(true);
    expect(messageOf(initial({ salary: 1e12 }), 'salary')).toBe(SALARY_MAX_MESSAGE);
    expect(messageOf(initial({ salary: 'abc' }), 'salary')).toBe(notANumber('salario'));
    expect(messageOf(initial({ salary: '' }), 'salary')).toBe('El campo salario es requerido');
    expect(initial({ isr: '100' }).success).toBe(true);
    expect(initial({ isr: 0 }).success).toBe(true);
    expect(messageOf(initial({ isr: 100.5 }), 'isr')).toBe(ISR_RANGE);
    expect(messageOf(initial({ isr: -1 }), 'isr')).toBe(ISR_RANGE);
    expect(messageOf(initial({ isr: 'diez' }), 'isr')).toBe(notANumber('ISR'));
    expect(messageOf(staffPersonalStep.safeParse({ ...VALID, childrens: 'dos' }), 'childrens')).toBe(notANumber('hijos'));
  });

  it('says invalid, not required, for a value outside the list', () => {
    const personal = (over: Record<string, unknown>) => staffPersonalStep.safeParse({ ...VALID, ...over });
    expect(messageOf(personal({ infonavit: 2 }), 'infonavit')).toBe('El campo infonavit no es válido');
    expect(messageOf(personal({ infonavit: undefined }), 'infonavit')).toBe('El campo infonavit es requerido');
    expect(messageOf(personal({ bloodType: 'C+' }), 'bloodType')).toBe('El campo tipo de sangre no es válido');
    expect(messageOf(personal({ educationalDegree: '' }), 'educationalDegree')).toBe('El campo grado de estudios es requerido');
    expect(messageOf(initial({ workShift: 'nocturno' }), 'workShift')).toBe('El campo turno no es válido');
    expect(messageOf(initial({ branchId: 'tijuana' }), 'branchId')).toBe('El campo sucursal no es válido');
  });

  it('computes the latest work date one year ahead', () => {
    expect(latestStaffDate(today)).toBe('2027-11-22');
    expect(latestStaffDate('2028-02-29')).toBe('2029-02-28');
    expect(staffDateOutOfRange('fecha de ingreso', today)).toBe('El campo fecha de ingreso debe estar entre el 01/01/1950 y el 22/11/2027');
  });

  it('refuses implausible birth, admission, departure and re-entry dates', () => {
    expect(messageOf(initial({ birthdate: '1000-01-01' }), 'birthdate')).toBe(BIRTHDATE_OUT_OF_RANGE);
    expect(messageOf(initial({ birthdate: '2030-01-01' }), 'birthdate')).toBe(BIRTHDATE_OUT_OF_RANGE);
    expect(messageOf(initial({ birthdate: '1985-02-30' }), 'birthdate')).toBe('El campo fecha de nacimiento no es válido');
    expect(messageOf(initial({ admissionDate: '9999-12-31' }), 'admissionDate')).toMatch(/^El campo fecha de ingreso debe estar entre el 01\/01\/1950 y el /);
    expect(messageOf(initial({ admissionDate: '1949-12-31' }), 'admissionDate')).toMatch(/debe estar entre/);
    expect(initial({ admissionDate: '1950-01-01' }).success).toBe(true);
    expect(messageOf(initial({ departureDate: '2024-01-14' }), 'departureDate')).toBe(DEPARTURE_BEFORE_ADMISSION);
    expect(initial({ departureDate: '2024-01-15', reentryDate: '2024-01-15' }).success).toBe(true);
    expect(messageOf(initial({ departureDate: '2025-01-31', reentryDate: '2025-01-30' }), 'reentryDate')).toBe(REENTRY_BEFORE_DEPARTURE);
    expect(messageOf(initial({ reentryDate: '2025-01-30' }), 'reentryDate')).toBe(REENTRY_WITHOUT_DEPARTURE);
    expect(messageOf(check({ departureDate: '2024-01-14' }), 'departureDate')).toBe(DEPARTURE_BEFORE_ADMISSION);
    expect(initial({ departureDate: '', reentryDate: '' }).success).toBe(true);
  });
});

describe('contract signatures', () => {
  it('accepts signatures in order and on the same day', () => {
    expect(check({ sign2: '2024-04-15', sign3: '2024-04-15', sign4: '2025-01-01' }).success).toBe(true);
  });

  it('refuses a signature before the previous one, on the later field', () => {
    const r = check({ sign2: '2024-01-14' });
    expect(messageOf(r, 'sign2')).toBe(SIGNATURE_ORDER);
    expect(messageOf(check({ sign2: '2024-04-15', sign3: '2024-03-01' }), 'sign3')).toBe(SIGNATURE_ORDER);
  });

  it('refuses a gap: no 3 without 2', () => {
    expect(messageOf(check({ sign3: '2024-09-01' }), 'sign2')).toBe('El campo firma del contrato 2 es requerido');
    expect(staffContractsStep.safeParse({ sign1: '2024-01-15', sign4: '2025-01-01' }).success).toBe(true);
    expect(check({ sign4: '2025-01-01' }).success).toBe(false);
  });

  it('labels the highest signature, 4 as final', () => {
    expect(contractLabel([])).toBe('Sin contrato');
    expect(
      contractLabel([
        { number: 1, date: '2024-01-15' },
        { number: 2, date: '2024-04-15' },
      ]),
    ).toBe('Contrato 2 (15/04/2024)');
    expect(
      contractLabel([
        { number: 4, date: '2025-01-01' },
        { number: 1, date: '2024-01-15' },
      ]),
    ).toBe('Final (indefinido)');
  });
});

describe('rules tied to the job position', () => {
  it('requires ISR for positions starting with Médico', () => {
    expect(isrRequired('Médico Estético')).toBe(true);
    expect(isrRequired(' medico general')).toBe(true);
    expect(isrRequired('Cosmetóloga')).toBe(false);
    expect(isrRequired('Director Médico')).toBe(false);
    expect(isrRequired(null)).toBe(false);
  });

  it('reports a missing ISR and a department other than the position’s', () => {
    const medic = { name: 'Médico Estético', departmentId: DEPT };
    expect(staffPositionIssues({ departmentId: DEPT, isr: 1500 }, medic)).toEqual([]);
    expect(staffPositionIssues({ departmentId: DEPT, isr: 0 }, medic)).toEqual([]);
    expect(staffPositionIssues({ departmentId: DEPT, isr: null }, medic)).toEqual([{ field: 'isr', message: ISR_REQUIRED }]);
    expect(staffPositionIssues({ departmentId: ROLE }, { name: 'Recepcionista', departmentId: DEPT })).toEqual([
      { field: 'departmentId', message: DEPARTMENT_MISMATCH },
    ]);
  });

  it('lists the seven wizard steps in order', () => {
    expect(STAFF_STEPS.map((s) => s.title)).toEqual(['Usuario', 'Iniciales', 'Personales', 'Domicilio', 'Contactos', 'Referencias', 'Contratos']);
  });
});
