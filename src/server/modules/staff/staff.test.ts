import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../../domain/age';
import {
  BIRTHDATE_OUT_OF_RANGE,
  CURP_INVALID,
  DEPARTMENT_MISMATCH,
  DEPARTURE_BEFORE_ADMISSION,
  ISR_RANGE,
  ISR_REQUIRED,
  NSS_INVALID,
  REENTRY_BEFORE_DEPARTURE,
  REENTRY_WITHOUT_DEPARTURE,
  RFC_INVALID_STAFF,
  SALARY_MAX_MESSAGE,
  SIGNATURE_ORDER,
  latestStaffDate,
  notANumber,
  staffDateOutOfRange,
} from '../../../domain/staff.schemas';
import { msg } from '../../../domain/validation';
import { demoId } from '../../db/demo/random';
import { users } from '../../db/schema';
import { countRows, type TestApp, useTestApp } from '../../testing/harness';
import { fakePng, image, multipart } from '../products/test-helpers';

type Client = ReturnType<TestApp['as']>;
const { t } = useTestApp({});
let admin: Client;
let gerente: Client;
let operativo: Client;
let logistica: Client;
let medico: Client;
let cosmetologa: Client;
beforeAll(async () => {
  [admin, gerente, operativo, logistica, medico, cosmetologa] = await Promise.all(
    ['admin', 'gerente', 'operativo', 'logistica', 'medico', 'cosmetologa'].map(async (u) => t.as((await t.signIn(`${u}@demo.mx`)).token)),
  );
});

const ids = {
  tijuana: demoId('branch:tijuana'),
  mexicali: demoId('branch:mexicali'),
  medica: demoId('department:Médica'),
  cosmetologica: demoId('department:Cosmetológica'),
  administrativa: demoId('department:Administrativa'),
  medicoEstetico: demoId('job:Médico Estético'),
  cosmetologa: demoId('job:Cosmetóloga'),
  recepcionista: demoId('job:Recepcionista'),
  roleCosmetologa: demoId('role:Cosmetóloga'),
  roleMedico: demoId('role:Médico'),
  roleSuper: demoId('role:Super Administrador'),
};

let seq = 0;
/** A complete wizard payload with its own username and employee number. */
function staff(over: Record<string, unknown> = {}) {
  seq += 1;
  return {
    name: 'Lucía',
    lastName: 'Gómez',
    motherLastName: 'Martínez',
    username: `lucia.gomez${seq}@prueba.mx`,
    roleId: ids.roleCosmetologa,
    employeeNumber: `T${String(seq).padStart(5, '0')}`,
    branchId: ids.tijuana,
    workShift: 'matutino',
    jobPositionId: ids.cosmetologa,
    departmentId: ids.cosmetologica,
    birthdate: '1985-03-12',
    admissionDate: '2024-01-15',
    phone: '(664)123-4567',
    salary: 12345.5,
    isr: null,
    bankAccount: '012180001234567891',
    gender: 'Femenino',
    maritalStatus: 'Soltero',
    nationality: 'Mexicana',
    birthState: 'Baja California',
    birthCity: 'Tijuana',
    nss: '43218765019',
    curp: 'goma850312mbcnrl09',
    rfc: 'GOMA850312QX7',
    ocr: '4455667788990',
    infonavit: 1,
    educationalDegree: 'superior',
    profession: 'Cosmetóloga',
    professionalLicense: '',
    provisionalProfesionalLicense: '',
    childrens: 2,
    personalEmail: 'lucia.personal@correo.mx',
    bloodType: 'O+',
    diseases: 'Hipertensión',
    allergies: 'Polen',
    drugAllergies: 'Penicilina',
    address: 'Calle Río Bravo 123',
    city: 'Tijuana',
    state: 'Baja California',
    addressINE: 'Calle Río Bravo 123',
    cityINE: 'Tijuana',
    stateINE: 'Baja California',
    mainContactName: 'Rosa Martínez',
    mainContactRelationship: 'Madre',
    mainContactPhone: '6641112233',
    secondaryContactName: 'Pedro Gómez',
    secondaryContactRelationship: 'Hermano',
    secondaryContactPhone: '(664)222-3344',
    mainJobReferenceName: 'Spa Rosarito',
    mainJobReferencePosition: 'Cosmetóloga',
    mainJobReferenceBoss: 'Ana Ruiz',
    mainJobReferencePhone: '6612223344',
    secondaryJobReferenceName: '',
    secondaryJobReferencePosition: '',
    secondaryJobReferenceBoss: '',
    secondaryJobReferencePhone: '',
    sign1: '2024-01-15',
    sign2: '2024-04-15',
    ...over,
  };
}
const doctor = (over: Record<string, unknown> = {}) =>
  staff({ roleId: ids.roleMedico, jobPositionId: ids.medicoEstetico, departmentId: ids.medica, isr: 17.35, professionalLicense: '12345678', ...over });

async function create(client: Client, body: Record<string, unknown>) {
  const res = await client({ method: 'POST', url: '/v1/user/create', payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const search = (filter: string, value: string) => encodeURIComponent(JSON.stringify({ filter, value }));
async function rows<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.ctx.db.execute(q)) as unknown as { rows: T[] }).rows;
}

describe('create and detail', () => {
  it('saves the whole wizard in one call and answers the spec sections', async () => {
    const body = staff({ username: 'Nueva.Persona@Prueba.mx' });
    const u = await create(admin, body);
    expect(u).toMatchObject({
      name: 'Lucía',
      username: 'nueva.persona@prueba.mx',
      status: 'activo',
      role: { id: ids.roleCosmetologa, role: 'Cosmetóloga' },
      kardex: {
        employeeNumber: body.employeeNumber,
        mainBranch: { id: ids.tijuana, name: 'Tijuana' },
        jobPosition: { id: ids.cosmetologa, name: 'Cosmetóloga', department: { id: ids.cosmetologica, name: 'Cosmetológica' } },
        workShift: 'matutino',
        birthdate: '1985-03-12',
        admissionDate: '2024-01-15',
        departureDate: null,
        reentryDate: null,
        photo: null,
        phone: ['6641234567'],
      },
      bankInformation: { salary: 12345.5, isr: null, bankAccount: '012180001234567891' },
      personalData: {
        curp: 'GOMA850312MBCNRL09',
        rfc: 'GOMA850312QX7',
        infonavit: 1,
        email: 'lucia.personal@correo.mx',
        childrens: 2,
        professionalLicense: null,
      },
      address: { addressINE: 'Calle Río Bravo 123', stateINE: 'Baja California' },
      contacts: [
        { name: 'Rosa Martínez', relationships: 'Madre', phone: '6641112233', main: 1 },
        { name: 'Pedro Gómez', relationships: 'Hermano', phone: '6642223344', main: 0 },
      ],
      jobReferences: [{ company: 'Spa Rosarito', position: 'Cosmetóloga', boss: 'Ana Ruiz', phone: '6612223344', main: 1 }],
      signatures: [
        { number: 1, date: '2024-01-15' },
        { number: 2, date: '2024-04-15' },
      ],
    });
    const [row] = await t.ctx.db
      .select()
      .from(users)
      .where(sql`${users.id} = ${u.id}`);
    expect(row.mainBranchId).toBe(ids.tijuana);
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    const detail = await gerente({ method: 'GET', url: `/v1/user/${u.id}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toEqual(JSON.parse(JSON.stringify(u)));
  });

  it('ignores departure and reentry dates on create', async () => {
    const u = await create(admin, staff({ departureDate: '2025-01-01', reentryDate: '2025-02-01' }));
    expect(u.kardex).toMatchObject({ departureDate: null, reentryDate: null });
  });

  it('mails the new user a code to set a password, which then signs them in', async () => {
    const body = staff({ username: 'bienvenida@prueba.mx' });
    await create(operativo, body);
    const mail = t.outbox.filter((m) => m.to === 'bienvenida@prueba.mx').at(-1);
    expect(mail?.subject).toBe('Bienvenido: establezca su contraseña');
    const code = mail!.text.match(/contraseña es ([A-Z0-9]{6})\./)![1];
    const set = await t.app.inject({
      method: 'PUT',
      url: '/v1/user/change-password-code',
      payload: { code, password: 'Bienvenida2026', passwordConfirm: 'Bienvenida2026' },
    });
    expect(set.statusCode, set.body).toBe(200);
    await expect(t.signIn('bienvenida@prueba.mx', 'Bienvenida2026')).resolves.toHaveProperty('token');
  });

  it('answers a user without a staff file with null sections and empty lists', async () => {
    const [row] = await t.ctx.db
      .insert(users)
      .values({
        name: 'Sin',
        lastName: 'Expediente',
        username: 'sin.expediente@prueba.mx',
        passwordHash: 'x',
        roleId: ids.roleCosmetologa,
        mainBranchId: ids.tijuana,
      })
      .returning();
    const res = await admin({ method: 'GET', url: `/v1/user/${row.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      kardex: null,
      bankInformation: null,
      personalData: null,
      address: null,
      contacts: [],
      jobReferences: [],
      signatures: [],
    });
    const list = (await admin({ method: 'GET', url: `/v1/user?search=${search('username', 'sin.expediente')}` })).json();
    expect(list.items[0]).toMatchObject({ kardex: null, contract: null, mainBranch: { id: ids.tijuana } });
    expect((await admin({ method: 'GET', url: `/v1/user/${demoId('user:nadie')}` })).statusCode).toBe(404);
  });
});

describe('list', () => {
  it('searches, filters, labels the contract and carries no sensitive data', async () => {
    const a = await create(admin, staff({ name: 'Ámbar', lastName: 'Quiñones', sign3: '2024-10-15', sign4: '2025-04-15' }));
    const b = await create(admin, doctor({ name: 'Bruno', lastName: 'Quiñones', branchId: ids.mexicali }));
    const byName = (await gerente({ method: 'GET', url: `/v1/user?search=${search('name', 'ambar quinones')}` })).json();
    expect(byName.items.map((u: { id: string }) => u.id)).toEqual([a.id]);
    expect(byName.items[0]).toMatchObject({
      mainBranch: { id: ids.tijuana, name: 'Tijuana' },
      kardex: {
        employeeNumber: a.kardex.employeeNumber,
        jobPosition: { name: 'Cosmetóloga', department: { name: 'Cosmetológica' } },
        workShift: 'matutino',
        photo: null,
      },
      contract: { number: 4, date: '2025-04-15', label: 'Final (indefinido)' },
    });
    const text = JSON.stringify(byName);
    for (const secret of ['GOMA850312MBCNRL09', 'GOMA850312QX7', '43218765019', '012180001234567891', '12345.5', 'Hipertensión'])
      expect(text).not.toContain(secret);
    const byNumber = (await admin({ method: 'GET', url: `/v1/user?search=${search('employeeNumber', b.kardex.employeeNumber)}` })).json();
    expect(byNumber.items.map((u: { id: string }) => u.id)).toEqual([b.id]);
    expect(byNumber.items[0].contract).toEqual({ number: 2, date: '2024-04-15', label: 'Contrato 2 (15/04/2024)' });
    const medics = (
      await admin({ method: 'GET', url: `/v1/user?departmentId=${ids.medica}&jobPositionId=${ids.medicoEstetico}&branchId=${ids.mexicali}&take=all` })
    ).json();
    expect(medics.items.map((u: { id: string }) => u.id)).toContain(b.id);
    expect(medics.items.every((u: { kardex: { jobPosition: { id: string } } }) => u.kardex.jobPosition.id === ids.medicoEstetico)).toBe(true);
    const byRole = (await admin({ method: 'GET', url: `/v1/user?roleId=${ids.roleMedico}&search=${search('name', 'quinones')}` })).json();
    expect(byRole.items.map((u: { id: string }) => u.id)).toEqual([b.id]);
    const sorted = (await admin({ method: 'GET', url: `/v1/user?search=${search('name', 'quinones')}&field=employeeNumber&order=DESC` })).json();
    expect(sorted.items.map((u: { id: string }) => u.id)).toEqual([b.id, a.id]);
    expect(sorted.meta).toMatchObject({ itemCount: 2 });
  });

  it('filters by status and keeps a branch manager to their own branch', async () => {
    const off = await create(admin, staff({ name: 'Inés', lastName: 'Apagada' }));
    const upd = await admin({
      method: 'PUT',
      url: `/v1/user/${off.id}/update`,
      payload: staff({ name: 'Inés', lastName: 'Apagada', username: off.username, employeeNumber: off.kardex.employeeNumber, status: 'inactivo' }),
    });
    expect(upd.json().status).toBe('inactivo');
    const q = search('name', 'ines apagada');
    expect((await admin({ method: 'GET', url: `/v1/user?search=${q}&status=inactivo` })).json().meta.itemCount).toBe(1);
    expect((await admin({ method: 'GET', url: `/v1/user?search=${q}&status=activo` })).json().meta.itemCount).toBe(0);
    const elsewhere = await create(admin, staff({ name: 'Elsa', lastName: 'Lejana', branchId: ids.mexicali }));
    const mine = (await gerente({ method: 'GET', url: '/v1/user?take=all' })).json();
    expect(mine.items.every((u: { mainBranch: { id: string } | null }) => u.mainBranch?.id === ids.tijuana)).toBe(true);
    expect((await gerente({ method: 'GET', url: `/v1/user?branchId=${ids.mexicali}` })).statusCode).toBe(403);
    expect((await gerente({ method: 'GET', url: `/v1/user/${elsewhere.id}` })).statusCode).toBe(403);
  });

  it('exports CSV with Spanish headers', async () => {
    const res = await admin({ method: 'GET', url: `/v1/user?format=csv&search=${search('name', 'quinones')}` });
    expect(res.statusCode).toBe(200);
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFFNúmero de empleado,Nombre,Apellido paterno,Apellido materno,Usuario,Rol,Sucursal,Departamento,Puesto,Turno,Contrato,Estatus');
    expect(lines[1]).toContain('QUIÑONES');
    expect(res.body).not.toContain('GOMA850312');
  });
});

describe('privileges', () => {
  it('refuses list and detail to roles without the users module', async () => {
    const u = await create(admin, staff());
    for (const client of [logistica, medico, cosmetologa]) {
      expect((await client({ method: 'GET', url: `/v1/user/${u.id}` })).statusCode).toBe(403);
      expect((await client({ method: 'GET', url: '/v1/user' })).statusCode).toBe(403);
    }
    expect((await logistica({ method: 'POST', url: '/v1/user/create', payload: staff() })).statusCode).toBe(403);
  });

  it('lets the branch manager read but not write, and the operations manager create and edit but not delete', async () => {
    const u = await create(operativo, staff());
    expect((await gerente({ method: 'GET', url: `/v1/user/${u.id}` })).json().personalData.curp).toBe('GOMA850312MBCNRL09');
    expect((await gerente({ method: 'POST', url: '/v1/user/create', payload: staff() })).statusCode).toBe(403);
    expect((await gerente({ method: 'PUT', url: `/v1/user/${u.id}/update`, payload: staff() })).statusCode).toBe(403);
    const edited = await operativo({
      method: 'POST',
      url: `/v1/user/${u.id}/update`,
      payload: staff({ username: u.username, employeeNumber: u.kardex.employeeNumber, name: 'Lucía Editada' }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await operativo({ method: 'POST', url: `/v1/user/${u.id}/delete` })).statusCode).toBe(403);
  });

  it('keeps the Super Administrador role and accounts to Super Administradores', async () => {
    const refused = await operativo({ method: 'POST', url: '/v1/user/create', payload: staff({ roleId: ids.roleSuper }) });
    expect(refused.statusCode).toBe(403);
    const superUser = await create(admin, staff({ roleId: ids.roleSuper, jobPositionId: demoId('job:Director General'), departmentId: ids.administrativa }));
    expect(superUser.role.role).toBe('Super Administrador');
    // nobody below takes over an administrator's account by changing its e-mail
    const takeover = await operativo({
      method: 'PUT',
      url: `/v1/user/${superUser.id}/update`,
      payload: staff({ username: 'mio@prueba.mx', roleId: ids.roleCosmetologa }),
    });
    expect(takeover.statusCode).toBe(403);
  });
});

describe('rules', () => {
  const refusals: [string, Record<string, unknown>, string, string?][] = [
    ['CURP with a wrong format', { curp: 'GOMA851312MBCNRL09' }, 'curp', CURP_INVALID],
    ['RFC of a company', { rfc: 'CEB180101AB1' }, 'rfc', RFC_INVALID_STAFF],
    ['NSS of 10 digits', { nss: '4321876501' }, 'nss', NSS_INVALID],
    ['OCR of 11 characters', { ocr: '44556677889' }, 'ocr'],
    ['OCR of 14 characters', { ocr: '44556677889900' }, 'ocr'],
    ['licence under 7', { professionalLicense: '123456' }, 'professionalLicense'],
    ['provisional licence under 7', { provisionalProfesionalLicense: 'AB12' }, 'provisionalProfesionalLicense'],
    ['employee number of 7', { employeeNumber: 'T123456' }, 'employeeNumber'],
    ['bank account of 19', { bankAccount: '0121800012345678912' }, 'bankAccount'],
    ['salary under 1', { salary: 0.5 }, 'salary'],
    ['a second signature before the first', { sign2: '2023-12-31' }, 'sign2', SIGNATURE_ORDER],
    ['a third signature without a second', { sign2: '', sign3: '2024-09-01' }, 'sign2'],
    ['a username that is not an e-mail', { username: 'lucia' }, 'username'],
  ];
  it.each(refusals)('refuses %s with a field error', async (_label, over, field, message) => {
    const res = await admin({ method: 'POST', url: '/v1/user/create', payload: staff(over) });
    expect(res.statusCode).toBe(400);
    const error = res.json().errors.find((e: { field: string }) => e.field === field);
    expect(error, res.body).toBeDefined();
    if (message) expect(error.message).toBe(message);
  });

  it('accepts the limits: OCR 12 and 13, licence of 7, employee number of 6, account of 18, salary 1', async () => {
    await create(
      admin,
      staff({ ocr: '445566778899', professionalLicense: '1234567', provisionalProfesionalLicense: '7654321', employeeNumber: 'T9999A', salary: 1 }),
    );
    await create(admin, staff({ ocr: '4455667788990', bankAccount: '123456789012345678', sign3: '2024-04-15' }));
  });

  it('requires ISR for a Médico position only', async () => {
    const noIsr = await admin({ method: 'POST', url: '/v1/user/create', payload: doctor({ isr: null }) });
    expect(noIsr.statusCode).toBe(400);
    expect(noIsr.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: ISR_REQUIRED, errors: [{ field: 'isr', message: ISR_REQUIRED }] });
    const withIsr = await create(admin, doctor({ isr: '12.5' }));
    expect(withIsr.bankInformation.isr).toBe(12.5);
    await create(admin, staff({ isr: '' }));
  });

  it('requires the department of the job position', async () => {
    const res = await admin({ method: 'POST', url: '/v1/user/create', payload: staff({ departmentId: ids.medica }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'departmentId', message: DEPARTMENT_MISMATCH }]);
  });

  it('refuses unknown role, branch, position and department with 404', async () => {
    const missing = demoId('nada');
    for (const [over, code] of [
      [{ roleId: missing }, 'ROLE_NOT_FOUND'],
      [{ branchId: missing }, 'BRANCH_NOT_FOUND'],
      [{ jobPositionId: missing }, 'NOT_FOUND'],
      [{ departmentId: missing }, 'NOT_FOUND'],
    ] as const) {
      const res = await admin({ method: 'POST', url: '/v1/user/create', payload: staff(over) });
      expect(res.statusCode, JSON.stringify(over)).toBe(404);
      expect(res.json().code).toBe(code);
    }
  });

  it('keeps usernames (any case) and employee numbers unique, and writes nothing on refusal', async () => {
    const first = await create(admin, staff());
    const before = await Promise.all(
      ['users', 'staff_files', 'staff_contacts', 'staff_signatures', 'change_log', 'password_reset_codes'].map((n) => countRows(t, n)),
    );
    const mails = t.outbox.length;
    const dupUser = await admin({ method: 'POST', url: '/v1/user/create', payload: staff({ username: first.username.toUpperCase() }) });
    expect(dupUser.statusCode).toBe(400);
    expect(dupUser.json()).toMatchObject({ code: 'USER_EXISTS', message: 'El usuario ya existe' });
    const demoUser = await admin({ method: 'POST', url: '/v1/user/create', payload: staff({ username: 'Gerente@Demo.mx' }) });
    expect(demoUser.json().code).toBe('USER_EXISTS');
    const dupNumber = await admin({ method: 'POST', url: '/v1/user/create', payload: staff({ employeeNumber: first.kardex.employeeNumber }) });
    expect(dupNumber.statusCode).toBe(400);
    expect(dupNumber.json()).toMatchObject({ code: 'EMPLOYEE_NUMBER_EXISTS', message: 'El número de empleado ya existe' });
    const after = await Promise.all(
      ['users', 'staff_files', 'staff_contacts', 'staff_signatures', 'change_log', 'password_reset_codes'].map((n) => countRows(t, n)),
    );
    expect(after).toEqual(before);
    expect(t.outbox.length).toBe(mails);
    // the user keeps their own username and number on edit
    const same = await admin({
      method: 'PUT',
      url: `/v1/user/${first.id}/update`,
      payload: staff({ username: first.username, employeeNumber: first.kardex.employeeNumber }),
    });
    expect(same.statusCode, same.body).toBe(200);
  });
});

describe('field rules of the wizard (section 5), accepted and refused', () => {
  const x = (n: number) => 'x'.repeat(n);
  let k = 0;
  /** A unique e-mail of exactly `length` characters. */
  const mailOf = (length: number) => {
    k += 1;
    const tail = `${String(k).padStart(4, '0')}@x.mx`;
    return 'a'.repeat(length - tail.length) + tail;
  };
  const today = todayIn();
  const shift = (iso: string, years: number, days = 0) => {
    const d = new Date(`${Number(iso.slice(0, 4)) + years}${iso.slice(4)}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + days);
    return d.toISOString().slice(0, 10);
  };
  const admissionRange = staffDateOutOfRange('fecha de ingreso', today);
  const noSecondaryReference = {
    secondaryJobReferenceName: '',
    secondaryJobReferencePosition: '',
    secondaryJobReferenceBoss: '',
    secondaryJobReferencePhone: '',
  };
  const secondaryReference = {
    secondaryJobReferenceName: 'Clínica Norte',
    secondaryJobReferencePosition: 'Auxiliar',
    secondaryJobReferenceBoss: 'Jorge Díaz',
    secondaryJobReferencePhone: '6861234567',
  };

  /** [rule, payloads the API takes, [payload, field, Spanish message] it refuses with 400]. */
  const cases: [string, Record<string, unknown>[], [Record<string, unknown>, string, string][]][] = [
    ['name up to 50', [{ name: x(50) }], [[{ name: x(51) }, 'name', msg.max('nombre', 50)]]],
    ['motherLastName from 2', [{ motherLastName: 'Ma' }], [[{ motherLastName: 'M' }, 'motherLastName', msg.min('apellido materno', 2)]]],
    ['username up to 100', [{ username: mailOf(100) }], [[{ username: mailOf(101) }, 'username', msg.max('usuario', 100)]]],
    [
      'role required',
      [{ roleId: ids.roleCosmetologa }],
      [
        [{ roleId: undefined }, 'roleId', msg.required('rol')],
        [{ roleId: 'abc' }, 'roleId', msg.invalid('rol')],
      ],
    ],
    ['branch required', [{ branchId: ids.mexicali }], [[{ branchId: '' }, 'branchId', msg.required('sucursal')]]],
    [
      'work shift required',
      [{ workShift: 'intermedio' }],
      [
        [{ workShift: undefined }, 'workShift', msg.required('turno')],
        [{ workShift: 'nocturno' }, 'workShift', msg.invalid('turno')],
      ],
    ],
    ['birthdate required', [{ birthdate: '12/03/1985' }], [[{ birthdate: '' }, 'birthdate', msg.required('fecha de nacimiento')]]],
    ['admission date required', [{ admissionDate: '2024-01-15' }], [[{ admissionDate: undefined }, 'admissionDate', msg.required('fecha de ingreso')]]],
    ['phone of 10 digits, with or without the mask', [{ phone: '(664)123-4567' }, { phone: '6641234567' }], [[{ phone: '(664)123-456' }, 'phone', msg.phone]]],
    [
      'bank account of digits, up to 18',
      [{ bankAccount: '1'.repeat(18) }],
      [
        [{ bankAccount: '01218000ABC4567891' }, 'bankAccount', 'La cuenta bancaria solo admite dígitos'],
        [{ bankAccount: '1'.repeat(19) }, 'bankAccount', msg.max('cuenta bancaria', 18)],
      ],
    ],
    [
      'personal e-mail valid, up to 100',
      [{ personalEmail: mailOf(100) }],
      [
        [{ personalEmail: 'lucia.correo.mx' }, 'personalEmail', msg.email('correo personal')],
        [{ personalEmail: mailOf(101) }, 'personalEmail', msg.max('correo personal', 100)],
      ],
    ],
    ['nationality up to 50', [{ nationality: x(50) }], [[{ nationality: x(51) }, 'nationality', msg.max('nacionalidad', 50)]]],
    ['birth state up to 50', [{ birthState: x(50) }], [[{ birthState: x(51) }, 'birthState', msg.max('estado de nacimiento', 50)]]],
    ['birth city up to 50', [{ birthCity: x(50) }], [[{ birthCity: x(51) }, 'birthCity', msg.max('ciudad de nacimiento', 50)]]],
    [
      'infonavit 1/0',
      [{ infonavit: 0 }, { infonavit: '1' }],
      [
        [{ infonavit: 2 }, 'infonavit', msg.invalid('infonavit')],
        [{ infonavit: undefined }, 'infonavit', msg.required('infonavit')],
      ],
    ],
    [
      'educational degree from the list',
      [{ educationalDegree: 'básica' }],
      [[{ educationalDegree: 'doctorado' }, 'educationalDegree', msg.invalid('grado de estudios')]],
    ],
    ['blood type from the list', [{ bloodType: 'AB-' }], [[{ bloodType: 'C+' }, 'bloodType', msg.invalid('tipo de sangre')]]],
    [
      'children a whole number from 0 to 30',
      [{ childrens: 0 }, { childrens: '30' }],
      [
        [{ childrens: -1 }, 'childrens', 'El campo hijos no puede ser negativo'],
        [{ childrens: 1.5 }, 'childrens', 'El campo hijos debe ser un número entero'],
        [{ childrens: 31 }, 'childrens', msg.invalid('hijos')],
        [{ childrens: 'dos' }, 'childrens', notANumber('hijos')],
      ],
    ],
    ['address up to 255', [{ address: x(255) }], [[{ address: x(256) }, 'address', msg.max('domicilio', 255)]]],
    ['city up to 50', [{ city: x(50) }], [[{ city: x(51) }, 'city', msg.max('ciudad', 50)]]],
    ['state up to 50', [{ state: x(50) }], [[{ state: x(51) }, 'state', msg.max('estado', 50)]]],
    [
      'contact name up to 100',
      [{ mainContactName: x(100) }],
      [[{ mainContactName: x(101) }, 'mainContactName', msg.max('nombre del contacto principal', 100)]],
    ],
    [
      'relationship up to 50',
      [{ mainContactRelationship: x(50) }],
      [[{ mainContactRelationship: x(51) }, 'mainContactRelationship', msg.max('parentesco del contacto principal', 50)]],
    ],
    [
      'job reference fields up to 80',
      [{ mainJobReferenceName: x(80), mainJobReferenceBoss: x(80) }],
      [
        [{ mainJobReferenceName: x(81) }, 'mainJobReferenceName', msg.max('empresa de la referencia principal', 80)],
        [{ mainJobReferencePosition: x(81) }, 'mainJobReferencePosition', msg.max('puesto de la referencia principal', 80)],
        [{ ...secondaryReference, secondaryJobReferenceBoss: x(81) }, 'secondaryJobReferenceBoss', msg.max('jefe de la referencia secundaria', 80)],
      ],
    ],
    ['first contract signature required', [{ sign2: '' }], [[{ sign1: '', sign2: '' }, 'sign1', msg.required('firma del contrato 1')]]],
    [
      'secondary contact complete or empty',
      [
        { secondaryContactName: '', secondaryContactRelationship: '', secondaryContactPhone: '' },
        { secondaryContactName: 'Pedro Gómez', secondaryContactRelationship: 'Hermano', secondaryContactPhone: '6642223344' },
      ],
      [
        [
          { secondaryContactName: 'Pedro Gómez', secondaryContactRelationship: 'Hermano', secondaryContactPhone: '' },
          'secondaryContactPhone',
          msg.required('teléfono del contacto secundario'),
        ],
        [
          { secondaryContactName: 'Pedro Gómez', secondaryContactRelationship: ' ', secondaryContactPhone: '6642223344' },
          'secondaryContactRelationship',
          msg.required('parentesco del contacto secundario'),
        ],
        [
          { secondaryContactName: '', secondaryContactRelationship: '', secondaryContactPhone: '(664)222-3344' },
          'secondaryContactName',
          msg.required('nombre del contacto secundario'),
        ],
      ],
    ],
    [
      'secondary job reference complete or empty',
      [noSecondaryReference, secondaryReference],
      [
        [{ ...secondaryReference, secondaryJobReferencePhone: '' }, 'secondaryJobReferencePhone', msg.required('teléfono de la referencia secundaria')],
        [{ ...secondaryReference, secondaryJobReferencePosition: '' }, 'secondaryJobReferencePosition', msg.required('puesto de la referencia secundaria')],
      ],
    ],
    [
      'salary from 1 to 999,999,999.99',
      [{ salary: 999_999_999.99 }, { salary: '1' }],
      [
        [{ salary: 1e12 }, 'salary', SALARY_MAX_MESSAGE],
        [{ salary: 1_000_000_000 }, 'salary', SALARY_MAX_MESSAGE],
        [{ salary: 'abc' }, 'salary', notANumber('salario')],
        [{ salary: '' }, 'salary', msg.required('salario')],
      ],
    ],
    [
      'ISR a percentage from 0 to 100',
      [{ isr: 0 }, { isr: '100' }],
      [
        [{ isr: 100.01 }, 'isr', ISR_RANGE],
        [{ isr: -0.5 }, 'isr', ISR_RANGE],
        [{ isr: 'abc' }, 'isr', notANumber('ISR')],
      ],
    ],
    [
      'birthdate for an age of 14 to 100',
      [{ birthdate: shift(today, -14) }, { birthdate: shift(today, -101, 1) }],
      [
        [{ birthdate: shift(today, -14, 1) }, 'birthdate', BIRTHDATE_OUT_OF_RANGE],
        [{ birthdate: shift(today, -101) }, 'birthdate', BIRTHDATE_OUT_OF_RANGE],
        [{ birthdate: '1000-01-01' }, 'birthdate', BIRTHDATE_OUT_OF_RANGE],
      ],
    ],
    [
      'admission date from 1950 to a year from today',
      [{ admissionDate: '1950-01-01' }, { admissionDate: latestStaffDate(today) }],
      [
        [{ admissionDate: '9999-12-31' }, 'admissionDate', admissionRange],
        [{ admissionDate: shift(latestStaffDate(today), 0, 1) }, 'admissionDate', admissionRange],
        [{ admissionDate: '1949-12-31' }, 'admissionDate', admissionRange],
      ],
    ],
    [
      'departure and re-entry in range and in order',
      [{ departureDate: '2024-01-15', reentryDate: '2024-01-15' }],
      [
        [{ departureDate: '9999-12-31' }, 'departureDate', staffDateOutOfRange('fecha de baja', today)],
        [{ departureDate: '2024-01-14' }, 'departureDate', DEPARTURE_BEFORE_ADMISSION],
        [{ departureDate: '2025-01-31', reentryDate: '2025-01-30' }, 'reentryDate', REENTRY_BEFORE_DEPARTURE],
        [{ reentryDate: '2025-01-30' }, 'reentryDate', REENTRY_WITHOUT_DEPARTURE],
        [{ departureDate: '2025-01-31', reentryDate: '1900-01-01' }, 'reentryDate', staffDateOutOfRange('fecha de reingreso', today)],
      ],
    ],
  ];

  it.each(cases)('%s', async (_rule, accepted, refused) => {
    for (const over of accepted) {
      const res = await admin({ method: 'POST', url: '/v1/user/create', payload: staff(over) });
      expect(res.statusCode, `${JSON.stringify(over).slice(0, 120)} ${res.body}`).toBe(201);
    }
    for (const [over, field, message] of refused) {
      const res = await admin({ method: 'POST', url: '/v1/user/create', payload: staff(over) });
      expect(res.statusCode, JSON.stringify(over).slice(0, 120)).toBe(400);
      const errors = res.json().errors as { field: string; message: string }[];
      expect(errors.find((e) => e.field === field)?.message, res.body).toBe(message);
    }
  });

  it('stores a complete secondary reference and keeps the dates an edit sends', async () => {
    const u = await create(admin, staff(secondaryReference));
    expect(u.jobReferences).toEqual([
      expect.objectContaining({ main: 1 }),
      expect.objectContaining({ company: 'Clínica Norte', position: 'Auxiliar', boss: 'Jorge Díaz', main: 0 }),
    ]);
    const res = await admin({
      method: 'PUT',
      url: `/v1/user/${u.id}/update`,
      payload: staff({ username: u.username, employeeNumber: u.kardex.employeeNumber, departureDate: '2024-01-15', reentryDate: '2024-01-15' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().kardex).toMatchObject({ admissionDate: '2024-01-15', departureDate: '2024-01-15', reentryDate: '2024-01-15' });
    const late = await admin({
      method: 'PUT',
      url: `/v1/user/${u.id}/update`,
      payload: staff({ username: u.username, employeeNumber: u.kardex.employeeNumber, departureDate: '2023-12-31' }),
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().errors).toContainEqual({ field: 'departureDate', message: DEPARTURE_BEFORE_ADMISSION });
  });
});

describe('update and delete', () => {
  it('updates every section, honours status and the edit-only dates, and drops a cleared secondary contact', async () => {
    const u = await create(admin, staff());
    const res = await admin({
      method: 'PUT',
      url: `/v1/user/${u.id}/update`,
      payload: staff({
        username: u.username,
        employeeNumber: u.kardex.employeeNumber,
        lastName: 'Gómez Nueva',
        branchId: ids.mexicali,
        workShift: 'vespertino',
        departureDate: '2025-01-31',
        reentryDate: '2025-03-01',
        secondaryContactName: '',
        secondaryContactRelationship: '',
        secondaryContactPhone: '',
        secondaryJobReferenceName: 'Clínica Norte',
        secondaryJobReferencePosition: 'Auxiliar',
        secondaryJobReferenceBoss: 'Jorge Díaz',
        secondaryJobReferencePhone: '6861234567',
        sign2: '',
        infonavit: 0,
        status: 'inactivo',
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      lastName: 'Gómez Nueva',
      status: 'inactivo',
      kardex: { mainBranch: { id: ids.mexicali, name: 'Mexicali' }, workShift: 'vespertino', departureDate: '2025-01-31', reentryDate: '2025-03-01' },
      personalData: { infonavit: 0 },
      contacts: [{ name: 'Rosa Martínez', main: 1 }],
      jobReferences: [{ main: 1 }, { company: 'Clínica Norte', position: 'Auxiliar', boss: 'Jorge Díaz', phone: '6861234567', main: 0 }],
      signatures: [{ number: 1, date: '2024-01-15' }],
    });
    const [row] = await t.ctx.db
      .select()
      .from(users)
      .where(sql`${users.id} = ${u.id}`);
    expect(row).toMatchObject({ mainBranchId: ids.mexicali, status: 'inactivo', lastName: 'Gómez Nueva' });
    // and back: the contact slot comes back to life
    const again = await admin({
      method: 'PUT',
      url: `/v1/user/${u.id}/update`,
      payload: staff({ username: u.username, employeeNumber: u.kardex.employeeNumber }),
    });
    expect(again.json().contacts).toHaveLength(2);
    expect(again.json().status).toBe('inactivo');
  });

  it('keeps CURP, RFC, NSS, OCR, salary, bank account and health data out of the change log', async () => {
    const u = await create(admin, doctor());
    await admin({
      method: 'PUT',
      url: `/v1/user/${u.id}/update`,
      payload: doctor({ username: u.username, employeeNumber: u.kardex.employeeNumber, salary: 23456.75, bankAccount: '999988887777666655' }),
    });
    const log = await rows<{ action: string; before: string | null; after: string | null }>(
      sql`select action, before::text as before, after::text as after from change_log where entity_id = ${u.id} and module = 'users' order by created_at`,
    );
    expect(log.map((l) => l.action)).toEqual(['crear', 'editar']);
    const text = log.map((l) => `${l.before} ${l.after}`).join(' ');
    for (const secret of [
      'GOMA850312MBCNRL09',
      'GOMA850312QX7',
      '43218765019',
      '4455667788990',
      '12345.5',
      '23456.75',
      '012180001234567891',
      '999988887777666655',
      '17.35',
      'Hipertensión',
      'Polen',
      'Penicilina',
      'lucia.personal@correo.mx',
    ]) {
      expect(text, secret).not.toContain(secret);
    }
    expect(text).toContain(u.kardex.employeeNumber);
    expect(JSON.parse(log[0].after!).personalData).toMatchObject({
      curp: '••••',
      rfc: '••••',
      nss: '••••',
      ocr: '••••',
      personalEmail: '••••',
      bloodType: '••••',
    });
  });

  it('soft-deletes, refuses deleting yourself, revokes sessions and frees the employee number', async () => {
    const body = staff({ username: 'se.va@prueba.mx' });
    const u = await create(admin, body);
    const code = t.outbox
      .filter((m) => m.to === 'se.va@prueba.mx')
      .at(-1)!
      .text.match(/contraseña es ([A-Z0-9]{6})\./)![1];
    await t.app.inject({ method: 'PUT', url: '/v1/user/change-password-code', payload: { code, password: 'SeVa2026xx', passwordConfirm: 'SeVa2026xx' } });
    const session = await t.signIn('se.va@prueba.mx', 'SeVa2026xx');
    const self = await admin({ method: 'POST', url: `/v1/user/${demoId('user:admin@demo.mx')}/delete` });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('No puede eliminar su propio usuario');
    const del = await admin({ method: 'DELETE', url: `/v1/user/${u.id}/delete` });
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json()).toMatchObject({ id: u.id, username: 'se.va@prueba.mx' });
    expect((await admin({ method: 'GET', url: `/v1/user/${u.id}` })).statusCode).toBe(404);
    expect((await admin({ method: 'POST', url: `/v1/user/${u.id}/delete` })).statusCode).toBe(404);
    const refresh = await t.app.inject({ method: 'POST', url: '/v1/auth/refresh', payload: { refreshToken: session.refresh_token } });
    expect(refresh.statusCode).toBe(422);
    const listed = (await admin({ method: 'GET', url: `/v1/user?search=${search('username', 'se.va@')}&withDeleted=true` })).json();
    expect(listed.meta.itemCount).toBe(1);
    await create(admin, staff({ username: 'se.va@prueba.mx', employeeNumber: body.employeeNumber }));
  });

  it('refuses switching yourself off', async () => {
    const res = await admin({
      method: 'PUT',
      url: `/v1/user/${demoId('user:admin@demo.mx')}/update`,
      payload: staff({
        username: 'admin@demo.mx',
        roleId: ids.roleSuper,
        jobPositionId: demoId('job:Director General'),
        departmentId: ids.administrativa,
        status: 'inactivo',
      }),
    });
    expect(res.statusCode).toBe(409);
  });
});

describe('photo', () => {
  it('stores one photo, replaces it, serves it without a token and shows it in the list', async () => {
    const u = await create(admin, staff({ name: 'Fotogénica' }));
    const first = await operativo({ method: 'POST', url: `/v1/user/${u.id}/photo`, ...multipart([await image('cara.png')]) });
    expect(first.statusCode, first.body).toBe(200);
    const name = first.json().kardex.photo.name as string;
    expect((await t.app.inject({ method: 'GET', url: `/v1/user/photo/${name}` })).headers['content-type']).toBe('image/png');
    expect((await t.app.inject({ method: 'GET', url: `/v1/user/photo/thumbnail/${name}` })).statusCode).toBe(200);
    const second = await admin({ method: 'POST', url: `/v1/user/${u.id}/photo`, ...multipart([await image('otra.png', '#112233')]) });
    const next = second.json().kardex.photo.name as string;
    expect(next).not.toBe(name);
    expect((await t.app.inject({ method: 'GET', url: `/v1/user/photo/${name}` })).statusCode).toBe(404);
    const [row] = await t.ctx.db
      .select()
      .from(users)
      .where(sql`${users.id} = ${u.id}`);
    expect(row.photo).toBe(next);
    const listed = (await admin({ method: 'GET', url: `/v1/user?search=${search('name', 'fotogenica')}` })).json();
    expect(listed.items[0].kardex.photo).toEqual({ name: next });
    expect((await admin({ method: 'POST', url: `/v1/user/${u.id}/photo`, ...multipart([fakePng()]) })).statusCode).toBe(400);
    expect((await admin({ method: 'POST', url: `/v1/user/${u.id}/photo`, ...multipart([await image('a.png'), await image('b.png')]) })).statusCode).toBe(400);
    expect((await gerente({ method: 'POST', url: `/v1/user/${u.id}/photo`, ...multipart([await image()]) })).statusCode).toBe(403);
  });
});

describe('documentation', () => {
  it('describes the staff routes in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, unknown>;
    expect(Object.keys(paths)).toEqual(expect.arrayContaining(['/v1/user', '/v1/user/{id}', '/v1/user/create', '/v1/user/doctors/{branchId}']));
  });
});

describe('doctors and cosmetologists', () => {
  it('lists active medical or cosmetology staff of the branch, by name', async () => {
    const zoe = await create(admin, doctor({ name: 'Zoe', lastName: 'Zamora' }));
    const aaron = await create(admin, doctor({ name: 'Aarón', lastName: 'Zamora' }));
    const away = await create(admin, doctor({ name: 'Mario', lastName: 'Zamora', branchId: ids.mexicali }));
    const off = await create(admin, doctor({ name: 'Apagado', lastName: 'Zamora' }));
    await admin({
      method: 'PUT',
      url: `/v1/user/${off.id}/update`,
      payload: doctor({ name: 'Apagado', lastName: 'Zamora', username: off.username, employeeNumber: off.kardex.employeeNumber, status: 'inactivo' }),
    });
    const cosme = await create(admin, staff({ name: 'Carla', lastName: 'Zamora' }));
    const res = await medico({ method: 'GET', url: `/v1/user/doctors/${ids.tijuana}` });
    expect(res.statusCode).toBe(200);
    const found = res.json() as { id: string; name: string; lastName: string; motherLastName: string }[];
    const idsFound = found.map((d) => d.id);
    expect(idsFound).toEqual(expect.arrayContaining([zoe.id, aaron.id]));
    expect(idsFound).not.toContain(away.id);
    expect(idsFound).not.toContain(off.id);
    expect(idsFound).not.toContain(cosme.id);
    expect(idsFound.indexOf(aaron.id)).toBeLessThan(idsFound.indexOf(zoe.id));
    expect(Object.keys(found[0]).sort()).toEqual(['id', 'lastName', 'motherLastName', 'name']);
    const cosmetologists = (await cosmetologa({ method: 'GET', url: `/v1/user/cosmetologists/${ids.tijuana}` })).json().map((c: { id: string }) => c.id);
    expect(cosmetologists).toContain(cosme.id);
    expect(cosmetologists).not.toContain(zoe.id);
    expect((await admin({ method: 'GET', url: `/v1/user/doctors/${ids.mexicali}` })).json().map((d: { id: string }) => d.id)).toContain(away.id);
  });

  it('keeps a branch-bound role to its own branch and refuses roles without a related module', async () => {
    expect((await medico({ method: 'GET', url: `/v1/user/doctors/${ids.mexicali}` })).statusCode).toBe(403);
    expect((await gerente({ method: 'GET', url: `/v1/user/cosmetologists/${ids.mexicali}` })).statusCode).toBe(403);
    expect((await operativo({ method: 'GET', url: `/v1/user/cosmetologists/${ids.mexicali}` })).statusCode).toBe(200);
    expect((await logistica({ method: 'GET', url: `/v1/user/doctors/${ids.tijuana}` })).statusCode).toBe(403);
  });
});
