import { randomBytes } from 'node:crypto';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { isTruthyFlag, type ListQuery } from '../../../domain/list';
import { ROLE_NAMES } from '../../../domain/roles';
import { staffPositionIssues, type StaffInput } from '../../../domain/staff.schemas';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { branches, departments, jobPositions, roles, staffContacts, staffFiles, staffSignatures, users } from '../../db/schema';
import { assertBranchAccess, branchScope, type Actor } from '../../platform/auth/actor';
import { hashSecret } from '../../platform/auth/passwords';
import { recordChange } from '../../platform/change-log';
import { answerViolations, type ViolationAnswers } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';
import { replaceImage, type ImageUpload } from '../../platform/files';
import type { ListSpec } from '../../platform/list';
import { assertFree, findLive } from '../../platform/records';
import { mailPasswordCode, revokeUserSessions } from '../auth';
import {
  countStaff,
  employeeNumberExpr,
  fullNameExpr,
  loadStaffDetail,
  selectStaff,
  signaturesOf,
  toLogShape,
  toStaffListItem,
  type StaffDetail,
  type StaffListItem,
} from './queries';
import { centsOf } from '../../db/money';
import { live, softDelete } from '../../db/live';

export interface StaffFilters extends ListQuery {
  branchId?: string;
  roleId?: string;
  departmentId?: string;
  jobPositionId?: string;
}

/** The list's status filter takes the spec's words and the generic 1/0 of the other lists. */
function statusFilter(q: StaffFilters): 'activo' | 'inactivo' | undefined {
  const v = (q.status ?? q.active)?.toLowerCase();
  if (v === 'activo' || v === '1' || v === 'true') return 'activo';
  if (v === 'inactivo' || v === '0' || v === 'false') return 'inactivo';
  return undefined;
}

/** A branch-bound role (branch manager, franchisee) sees only the staff of its own branch. */
export function staffListSpec(db: DbOrTx, actor: Actor, q: StaffFilters): ListSpec<StaffListItem> {
  const branchId = branchScope(actor, q.branchId);
  const status = statusFilter(q);
  return {
    sortable: { employeeNumber: staffFiles.employeeNumber, name: users.name, lastName: users.lastName, username: users.username, created_at: users.createdAt },
    defaultSort: { field: 'name', order: 'ASC' },
    searchable: { name: fullNameExpr, username: users.username, employeeNumber: employeeNumberExpr },
    filters: [
      isTruthyFlag(q.withDeleted) ? undefined : live(users),
      status ? eq(users.status, status) : undefined,
      branchId ? eq(users.mainBranchId, branchId) : undefined,
      q.roleId ? eq(users.roleId, q.roleId) : undefined,
      q.departmentId ? eq(staffFiles.departmentId, q.departmentId) : undefined,
      q.jobPositionId ? eq(staffFiles.jobPositionId, q.jobPositionId) : undefined,
    ],
    rows: async ({ where, orderBy, limit, offset }) => {
      const base = selectStaff(db)
        .where(where)
        .orderBy(...orderBy, users.id)
        .offset(offset);
      const rows = limit ? await base.limit(limit) : await base;
      const signatures = await signaturesOf(
        db,
        rows.map((r) => r.u.id),
      );
      return rows.map((r) => toStaffListItem(r, signatures.get(r.u.id) ?? []));
    },
    count: async (where) => (await countStaff(db).where(where))[0].n,
  };
}

async function findStaff(db: DbOrTx, id: string): Promise<StaffDetail> {
  const found = await loadStaffDetail(db, id);
  if (!found) throw new AppError('USER_NOT_FOUND');
  return found;
}

/** A branch-bound reader only opens the files of its own branch. */
export async function getStaff(ctx: AppContext, actor: Actor, id: string) {
  const detail = await findStaff(ctx.db, id);
  const [row] = await ctx.db.select({ branchId: users.mainBranchId }).from(users).where(eq(users.id, id)).limit(1);
  assertBranchAccess(actor, row.branchId);
  return detail;
}

const isSuperAdmin = (actor: Actor) => actor.role === ROLE_NAMES.superAdmin;

/** The catalogue rows the payload names must exist; the department must be the job position's own. */
async function assertReferences(tx: DbOrTx, actor: Actor, input: StaffInput) {
  const role = await findLive(tx, roles, input.roleId, 'ROLE_NOT_FOUND');
  // only a Super Administrador makes another one (nobody grants more than they hold)
  if (role.name === ROLE_NAMES.superAdmin && !isSuperAdmin(actor))
    throw new AppError('FORBIDDEN', 'Solo un Super Administrador puede asignar el rol Super Administrador');
  const branch = await findLive(tx, branches, input.branchId, 'BRANCH_NOT_FOUND');
  assertBranchAccess(actor, branch.id);
  const position = await findLive(tx, jobPositions, input.jobPositionId, () => new AppError('NOT_FOUND', 'Puesto no encontrado'));
  await findLive(tx, departments, input.departmentId, () => new AppError('NOT_FOUND', 'Departamento no encontrado'));
  const issues = staffPositionIssues(input, position);
  if (issues.length) throw new AppError('VALIDATION_FAILED', issues[0].message, issues);
}

async function assertUnique(tx: DbOrTx, input: StaffInput, exceptUserId?: string) {
  await assertFree(
    tx,
    users,
    sql`lower(${users.username}) = ${input.username.toLowerCase()}`,
    exceptUserId,
    () => new AppError('USER_EXISTS', undefined, [{ field: 'username', message: 'El usuario ya existe' }]),
  );
  const [numbered] = await tx
    .select({ id: staffFiles.id })
    .from(staffFiles)
    .where(and(eq(staffFiles.employeeNumber, input.employeeNumber), live(staffFiles), exceptUserId ? ne(staffFiles.userId, exceptUserId) : undefined))
    .limit(1);
  if (numbered) throw new AppError('EMPLOYEE_NUMBER_EXISTS', undefined, [{ field: 'employeeNumber', message: 'El número de empleado ya existe' }]);
}

/** Two requests racing for one username or employee number: the unique indexes decide. */
const uniqueRace = {
  unique: { users_username_unique: 'USER_EXISTS', staff_files_employee_number_unique: 'EMPLOYEE_NUMBER_EXISTS' },
} satisfies ViolationAnswers;

function userColumns(input: StaffInput) {
  return {
    name: input.name,
    lastName: input.lastName,
    motherLastName: input.motherLastName,
    username: input.username.toLowerCase(),
    roleId: input.roleId,
    mainBranchId: input.branchId,
  };
}

function fileColumns(input: StaffInput, editing: boolean) {
  return {
    employeeNumber: input.employeeNumber,
    jobPositionId: input.jobPositionId,
    departmentId: input.departmentId,
    workShift: input.workShift,
    birthdate: input.birthdate,
    admissionDate: input.admissionDate,
    // departure and reentry only exist once the person works here (section 4: edit mode only)
    departureDate: editing ? (input.departureDate ?? null) : null,
    reentryDate: editing ? (input.reentryDate ?? null) : null,
    phone: input.phone,
    salary: centsOf(input.salary),
    isr: centsOf(input.isr),
    bankAccount: input.bankAccount,
    gender: input.gender,
    maritalStatus: input.maritalStatus,
    nationality: input.nationality,
    birthState: input.birthState,
    birthCity: input.birthCity,
    nss: input.nss,
    curp: input.curp,
    rfc: input.rfc,
    ocr: input.ocr,
    infonavit: input.infonavit,
    educationalDegree: input.educationalDegree,
    profession: input.profession,
    professionalLicense: input.professionalLicense ?? null,
    provisionalProfesionalLicense: input.provisionalProfesionalLicense ?? null,
    childrens: input.childrens,
    personalEmail: input.personalEmail,
    bloodType: input.bloodType,
    diseases: input.diseases,
    allergies: input.allergies,
    drugAllergies: input.drugAllergies,
    address: input.address,
    city: input.city,
    state: input.state,
    addressINE: input.addressINE,
    cityINE: input.cityINE,
    stateINE: input.stateINE,
  };
}

type ContactSlot = Omit<typeof staffContacts.$inferInsert, 'userId'>;

/**
 * The four contact slots of the wizard; a secondary slot left blank is null (and removed). The schema
 * refuses a half-filled secondary group (secondaryGroupIssues), so one filled field means all are.
 */
function contactSlots(input: StaffInput): { kind: 'contact' | 'reference'; main: boolean; row: ContactSlot | null }[] {
  const secondaryContact = Boolean(input.secondaryContactName && input.secondaryContactRelationship && input.secondaryContactPhone);
  const secondaryReference = Boolean(
    input.secondaryJobReferenceName && input.secondaryJobReferencePosition && input.secondaryJobReferenceBoss && input.secondaryJobReferencePhone,
  );
  return [
    {
      kind: 'contact',
      main: true,
      row: { kind: 'contact', main: true, name: input.mainContactName, relationship: input.mainContactRelationship, phone: input.mainContactPhone },
    },
    {
      kind: 'contact',
      main: false,
      row: secondaryContact
        ? {
            kind: 'contact',
            main: false,
            name: input.secondaryContactName!,
            relationship: input.secondaryContactRelationship ?? null,
            phone: input.secondaryContactPhone!,
          }
        : null,
    },
    {
      kind: 'reference',
      main: true,
      row: {
        kind: 'reference',
        main: true,
        company: input.mainJobReferenceName,
        position: input.mainJobReferencePosition,
        boss: input.mainJobReferenceBoss,
        phone: input.mainJobReferencePhone,
      },
    },
    {
      kind: 'reference',
      main: false,
      row: secondaryReference
        ? {
            kind: 'reference',
            main: false,
            company: input.secondaryJobReferenceName!,
            position: input.secondaryJobReferencePosition ?? null,
            boss: input.secondaryJobReferenceBoss ?? null,
            phone: input.secondaryJobReferencePhone!,
          }
        : null,
    },
  ];
}

/** Staff file, contacts and signatures of one user: upserted so that a create and an edit share one path. */
async function writeFile(tx: DbOrTx, userId: string, input: StaffInput, editing: boolean) {
  const file = fileColumns(input, editing);
  await tx
    .insert(staffFiles)
    .values({ userId, ...file })
    .onConflictDoUpdate({ target: staffFiles.userId, set: { ...file, deletedAt: null, updatedAt: new Date() } });
  for (const slot of contactSlots(input)) {
    if (slot.row) {
      const values = { name: null, relationship: null, company: null, position: null, boss: null, ...slot.row };
      await tx
        .insert(staffContacts)
        .values({ userId, ...values })
        .onConflictDoUpdate({
          target: [staffContacts.userId, staffContacts.kind, staffContacts.main],
          set: { ...values, deletedAt: null, updatedAt: new Date() },
        });
    } else {
      await tx
        .update(staffContacts)
        .set({ deletedAt: new Date() })
        .where(and(eq(staffContacts.userId, userId), eq(staffContacts.kind, slot.kind), eq(staffContacts.main, slot.main), live(staffContacts)));
    }
  }
  const signs = [input.sign1, input.sign2, input.sign3, input.sign4];
  for (let i = 0; i < signs.length; i++) {
    const date = signs[i];
    if (date) {
      await tx
        .insert(staffSignatures)
        .values({ userId, number: i + 1, date })
        .onConflictDoUpdate({ target: [staffSignatures.userId, staffSignatures.number], set: { date } });
    } else {
      await tx.delete(staffSignatures).where(and(eq(staffSignatures.userId, userId), eq(staffSignatures.number, i + 1)));
    }
  }
}

/**
 * New staff get no password in the wizard: a random one nobody knows, and a welcome mail with a one-use
 * code to set their own (the recovery mechanism of POST /v1/user/reset-password).
 */
export async function createStaff(ctx: AppContext, actor: Actor, input: StaffInput) {
  const passwordHash = await hashSecret(randomBytes(32).toString('base64url'));
  const created = await answerViolations(
    ctx.db.transaction(async (tx) => {
      await assertReferences(tx, actor, input);
      await assertUnique(tx, input);
      const [row] = await tx
        .insert(users)
        .values({ ...userColumns(input), passwordHash, status: 'activo' })
        .returning({ id: users.id });
      await writeFile(tx, row.id, input, false);
      const after = await findStaff(tx, row.id);
      await recordChange(tx, actor, { module: 'users', action: 'crear', entityId: row.id, after: toLogShape(after), affectedBranchId: input.branchId });
      return after;
    }),
    uniqueRace,
  );
  try {
    await mailPasswordCode(ctx, { id: created.id, name: created.name, username: created.username }, 'welcome');
  } catch (err) {
    // the user exists; they can still ask for a code with "¿Olvidó su contraseña?"
    ctx.log.error({ err, userId: created.id }, 'no se pudo enviar el correo de bienvenida');
  }
  return created;
}

async function currentRow(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select({ id: users.id, mainBranchId: users.mainBranchId, status: users.status, roleName: roles.name })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.id, id), live(users)))
    .limit(1);
  if (!row) throw new AppError('USER_NOT_FOUND');
  return row;
}

/** Who may touch an existing account: a Super Administrador's only by another one; a branch-bound role only its branch's. */
function assertMayManage(actor: Actor, row: { mainBranchId: string | null; roleName: string }) {
  if (row.roleName === ROLE_NAMES.superAdmin && !isSuperAdmin(actor))
    throw new AppError('FORBIDDEN', 'Solo un Super Administrador puede modificar a otro Super Administrador');
  assertBranchAccess(actor, row.mainBranchId);
}

export async function updateStaff(ctx: AppContext, actor: Actor, id: string, input: StaffInput) {
  return answerViolations(
    ctx.db.transaction(async (tx) => {
      const current = await currentRow(tx, id);
      assertMayManage(actor, current);
      const status = input.status ?? (current.status as 'activo' | 'inactivo');
      if (id === actor.id && status !== 'activo') throw new AppError('CONFLICT', 'No puede desactivar su propio usuario');
      await assertReferences(tx, actor, input);
      await assertUnique(tx, input, id);
      const before = await findStaff(tx, id);
      await tx
        .update(users)
        .set({ ...userColumns(input), status })
        .where(eq(users.id, id));
      await writeFile(tx, id, input, true);
      // an account switched off loses its sessions at once, not at the next refresh
      if (status !== 'activo' && current.status === 'activo') await revokeUserSessions(tx, id);
      const after = await findStaff(tx, id);
      await recordChange(tx, actor, {
        module: 'users',
        action: 'editar',
        entityId: id,
        before: toLogShape(before),
        after: toLogShape(after),
        affectedBranchId: input.branchId,
      });
      return after;
    }),
    uniqueRace,
  );
}

export async function deleteStaff(ctx: AppContext, actor: Actor, id: string) {
  if (id === actor.id) throw new AppError('CANNOT_DELETE', 'No puede eliminar su propio usuario');
  return ctx.db.transaction(async (tx) => {
    const current = await currentRow(tx, id);
    assertMayManage(actor, current);
    const before = await findStaff(tx, id);
    const now = new Date();
    await softDelete(tx, users, eq(users.id, id), now);
    // the employee number is free again once its file is gone (unique among live files)
    await softDelete(tx, staffFiles, and(eq(staffFiles.userId, id), live(staffFiles)), now);
    await revokeUserSessions(tx, id);
    await recordChange(tx, actor, { module: 'users', action: 'eliminar', entityId: id, before: toLogShape(before), affectedBranchId: current.mainBranchId });
    return { id, name: before.name, lastName: before.lastName, motherLastName: before.motherLastName, username: before.username, deleted_at: now };
  });
}

/** One photo per user, replacing the old one; users.photo is also what the session shows. */
export async function setStaffPhoto(ctx: AppContext, actor: Actor, id: string, upload: ImageUpload) {
  const current = await currentRow(ctx.db, id);
  assertMayManage(actor, current);
  const [{ photo: old }] = await ctx.db.select({ photo: users.photo }).from(users).where(eq(users.id, id));
  await replaceImage(ctx.config, 'users', upload, (name) =>
    ctx.db.transaction(async (tx) => {
      await tx.update(users).set({ photo: name }).where(eq(users.id, id));
      await recordChange(tx, actor, { module: 'users', action: 'foto', entityId: id, before: { photo: old }, after: { photo: name } });
      return { result: null, previous: old };
    }),
  );
  return findStaff(ctx.db, id);
}

export const PROFESSIONAL_DEPARTMENTS = { doctors: 'medica', cosmetologists: 'cosmetologica' } as const;

/** Active staff of a branch whose job position belongs to the Médica or Cosmetológica department. */
export async function professionals(ctx: AppContext, actor: Actor, branchId: string, kind: keyof typeof PROFESSIONAL_DEPARTMENTS) {
  assertBranchAccess(actor, branchId);
  return ctx.db
    .select({ id: users.id, name: users.name, lastName: users.lastName, motherLastName: users.motherLastName })
    .from(users)
    .innerJoin(staffFiles, and(eq(staffFiles.userId, users.id), live(staffFiles)))
    .innerJoin(jobPositions, eq(jobPositions.id, staffFiles.jobPositionId))
    .innerJoin(departments, eq(departments.id, jobPositions.departmentId))
    .where(
      and(
        eq(users.mainBranchId, branchId),
        eq(users.status, 'activo'),
        live(users),
        sql`immutable_unaccent(lower(${departments.name})) = ${PROFESSIONAL_DEPARTMENTS[kind]}`,
      ),
    )
    .orderBy(asc(users.name), asc(users.lastName), asc(users.motherLastName));
}
