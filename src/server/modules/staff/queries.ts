import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { contractLabel } from '../../../domain/staff.schemas';
import type { DbOrTx } from '../../db/client';
import { branches, departments, jobPositions, roles, staffContacts, staffFiles, staffSignatures, users } from '../../db/schema';
import { pesos } from '../../db/money';
import { live } from '../../db/live';

/** The expressions the list searches (accent- and case-insensitive through `matches`). */
export const fullNameExpr = sql`${users.name} || ' ' || ${users.lastName} || ' ' || coalesce(${users.motherLastName}, '')`;
export const employeeNumberExpr = sql`coalesce(${staffFiles.employeeNumber}, '')`;

const yes = (b: boolean): 0 | 1 => (b ? 1 : 0);

/** Users with their role, main branch and (when there is one) staff file, job position and department. */
export function selectStaff(db: DbOrTx) {
  return db
    .select({ u: users, roleName: roles.name, branchName: branches.name, f: staffFiles, jobName: jobPositions.name, departmentName: departments.name })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(branches, eq(branches.id, users.mainBranchId))
    .leftJoin(staffFiles, and(eq(staffFiles.userId, users.id), live(staffFiles)))
    .leftJoin(jobPositions, eq(jobPositions.id, staffFiles.jobPositionId))
    .leftJoin(departments, eq(departments.id, staffFiles.departmentId));
}

/** The same joins for counting a filtered list. */
export function countStaff(db: DbOrTx) {
  return db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(staffFiles, and(eq(staffFiles.userId, users.id), live(staffFiles)));
}

export type StaffRow = Awaited<ReturnType<ReturnType<typeof selectStaff>['execute']>>[number];
export interface Signature {
  number: number;
  date: string;
}

export async function signaturesOf(db: DbOrTx, userIds: string[]): Promise<Map<string, Signature[]>> {
  const map = new Map<string, Signature[]>();
  if (!userIds.length) return map;
  const rows = await db.select().from(staffSignatures).where(inArray(staffSignatures.userId, userIds)).orderBy(asc(staffSignatures.number));
  for (const r of rows) map.set(r.userId, [...(map.get(r.userId) ?? []), { number: r.number, date: r.date }]);
  return map;
}

function jobPositionOf(r: StaffRow) {
  const f = r.f!;
  return { id: f.jobPositionId, name: r.jobName ?? '', department: { id: f.departmentId, name: r.departmentName ?? '' } };
}

/** The highest signature is the current contract. */
export function contractOf(signatures: Signature[]) {
  if (!signatures.length) return null;
  const last = signatures.reduce((a, b) => (b.number > a.number ? b : a));
  return { number: last.number, date: last.date, label: contractLabel(signatures) };
}

/** The user's identity, standing and role: the head of a list row and of the file. */
function staffHead(r: StaffRow) {
  const u = r.u;
  return {
    id: u.id,
    name: u.name,
    lastName: u.lastName,
    motherLastName: u.motherLastName,
    username: u.username,
    status: u.status as 'activo' | 'inactivo',
    role: { id: u.roleId, role: r.roleName },
  };
}

/** One row of the list: no sensitive data (section 3 "User/staff", docs/decisions.md). */
export function toStaffListItem(r: StaffRow, signatures: Signature[]) {
  const u = r.u;
  return {
    ...staffHead(r),
    mainBranch: u.mainBranchId ? { id: u.mainBranchId, name: r.branchName ?? '' } : null,
    kardex: r.f
      ? { employeeNumber: r.f.employeeNumber, jobPosition: jobPositionOf(r), workShift: r.f.workShift, photo: u.photo ? { name: u.photo } : null }
      : null,
    contract: contractOf(signatures),
    created_at: u.createdAt,
  };
}
export type StaffListItem = ReturnType<typeof toStaffListItem>;

type ContactRow = typeof staffContacts.$inferSelect;

/** The whole personnel file of one user, in the spec's sections. */
export function toStaffDetail(r: StaffRow, contacts: ContactRow[], signatures: Signature[]) {
  const u = r.u;
  const f = r.f;
  const byMain = (a: ContactRow, b: ContactRow) => Number(b.main) - Number(a.main);
  return {
    ...staffHead(r),
    kardex: f
      ? {
          employeeNumber: f.employeeNumber,
          mainBranch: u.mainBranchId ? { id: u.mainBranchId, name: r.branchName ?? '' } : null,
          jobPosition: jobPositionOf(r),
          workShift: f.workShift,
          birthdate: f.birthdate,
          admissionDate: f.admissionDate,
          departureDate: f.departureDate,
          reentryDate: f.reentryDate,
          photo: u.photo ? { name: u.photo } : null,
          phone: [f.phone],
        }
      : null,
    bankInformation: f ? { salary: pesos(f.salary), isr: pesos(f.isr), bankAccount: f.bankAccount } : null,
    personalData: f
      ? {
          gender: f.gender,
          maritalStatus: f.maritalStatus,
          nationality: f.nationality,
          birthState: f.birthState,
          birthCity: f.birthCity,
          nss: f.nss,
          curp: f.curp,
          rfc: f.rfc,
          ocr: f.ocr,
          infonavit: yes(f.infonavit),
          educationalDegree: f.educationalDegree,
          profession: f.profession,
          professionalLicense: f.professionalLicense,
          provisionalProfesionalLicense: f.provisionalProfesionalLicense,
          childrens: f.childrens,
          email: f.personalEmail,
          bloodType: f.bloodType,
          diseases: f.diseases,
          allergies: f.allergies,
          drugAllergies: f.drugAllergies,
        }
      : null,
    address: f ? { address: f.address, city: f.city, state: f.state, addressINE: f.addressINE, cityINE: f.cityINE, stateINE: f.stateINE } : null,
    contacts: contacts
      .filter((c) => c.kind === 'contact')
      .sort(byMain)
      .map((c) => ({ name: c.name ?? '', relationships: c.relationship ?? '', phone: c.phone, main: yes(c.main) })),
    jobReferences: contacts
      .filter((c) => c.kind === 'reference')
      .sort(byMain)
      .map((c) => ({ company: c.company ?? '', position: c.position ?? '', boss: c.boss ?? '', phone: c.phone, main: yes(c.main) })),
    signatures,
    created_at: u.createdAt,
    updated_at: u.updatedAt,
  };
}
export type StaffDetail = ReturnType<typeof toStaffDetail>;

/**
 * What the change log keeps of a staff file: the detail, with the personal e-mail under the key the
 * change log redacts (personalEmail); curp, rfc, nss, ocr, salary, isr, bankAccount and health data
 * are redacted by their own keys.
 */
export function toLogShape(d: StaffDetail) {
  if (!d.personalData) return d;
  const { email, ...personal } = d.personalData;
  return { ...d, personalData: { ...personal, personalEmail: email } };
}

export async function loadStaffDetail(db: DbOrTx, id: string): Promise<StaffDetail | null> {
  const [row] = await selectStaff(db)
    .where(and(eq(users.id, id), live(users)))
    .limit(1);
  if (!row) return null;
  const contacts = await db
    .select()
    .from(staffContacts)
    .where(and(eq(staffContacts.userId, id), live(staffContacts)));
  const signatures = (await signaturesOf(db, [id])).get(id) ?? [];
  return toStaffDetail(row, contacts, signatures);
}
