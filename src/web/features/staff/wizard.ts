import type { StaffDetail } from '../../../domain/staff.contract';
import { STAFF_STEPS } from '../../../domain/staff.schemas';
import { formatPhone } from '../../../domain/validation';
import type { PickedPhoto } from '../../ui/PhotoPicker';
import { storedPhoto } from '../../ui/PhotoPicker';
import { staffThumbnail } from './photos';

/** The wizard's flat form values: the staffSchema payload as typed, plus the picked photo. */
export type StaffValues = Record<string, unknown> & { photos?: PickedPhoto[] };

/** The fields each step validates on Siguiente (the photo belongs to step 1). */
export const STEP_FIELDS: string[][] = STAFF_STEPS.map((s, i) => [...(i === 0 ? ['photos'] : []), ...Object.keys(s.schema.shape)]);

/** The step holding a field ('kardex.x' or 'x'); unknown fields land on the first step. */
export function stepOf(field: string | number | undefined): number {
  const name = String(field ?? '').split('.')[0];
  const i = STEP_FIELDS.findIndex((fields) => fields.includes(name));
  return i < 0 ? 0 : i;
}

const date = (v: string | null | undefined) => (v ? v.slice(0, 10) : undefined);
const money = (v: number | string | null | undefined) => (v === null || v === undefined || v === '' ? undefined : Number(v));
const flag = (v: unknown) => (v === true || v === 1 || v === '1' ? 1 : 0);

/** GET /v1/user/:id back into the flat wizard values. */
export function toFormValues(u: StaffDetail): StaffValues {
  const k = u.kardex;
  const p = u.personalData;
  const a = u.address;
  const contact = (main: boolean) => u.contacts?.find((c) => Boolean(c.main) === main);
  const reference = (main: boolean) => u.jobReferences?.find((r) => Boolean(r.main) === main);
  const sign = (n: number) => date(u.signatures?.find((s) => s.number === n)?.date);
  const mc = contact(true);
  const sc = contact(false);
  const mr = reference(true);
  const sr = reference(false);
  return {
    photos: storedPhoto(k?.photo?.name, () => staffThumbnail(k?.photo)),
    name: u.name,
    lastName: u.lastName,
    motherLastName: u.motherLastName,
    username: u.username,
    roleId: u.role?.id,
    status: u.status,
    employeeNumber: k?.employeeNumber,
    branchId: k?.mainBranch?.id,
    workShift: k?.workShift,
    jobPositionId: k?.jobPosition?.id,
    departmentId: k?.jobPosition?.department?.id,
    birthdate: date(k?.birthdate),
    admissionDate: date(k?.admissionDate),
    departureDate: date(k?.departureDate),
    reentryDate: date(k?.reentryDate),
    phone: formatPhone(k?.phone?.[0]),
    salary: money(u.bankInformation?.salary),
    isr: money(u.bankInformation?.isr),
    bankAccount: u.bankInformation?.bankAccount,
    ...(p && {
      gender: p.gender,
      maritalStatus: p.maritalStatus,
      nationality: p.nationality,
      birthState: p.birthState,
      birthCity: p.birthCity,
      nss: p.nss,
      curp: p.curp,
      rfc: p.rfc,
      ocr: p.ocr,
      infonavit: flag(p.infonavit),
      educationalDegree: p.educationalDegree,
      profession: p.profession,
      professionalLicense: p.professionalLicense ?? undefined,
      provisionalProfesionalLicense: p.provisionalProfesionalLicense ?? undefined,
      childrens: p.childrens,
      personalEmail: p.email,
      bloodType: p.bloodType,
      diseases: p.diseases,
      allergies: p.allergies,
      drugAllergies: p.drugAllergies,
    }),
    ...(a && { address: a.address, city: a.city, state: a.state, addressINE: a.addressINE, cityINE: a.cityINE, stateINE: a.stateINE }),
    mainContactName: mc?.name,
    mainContactRelationship: mc?.relationships,
    mainContactPhone: formatPhone(mc?.phone),
    secondaryContactName: sc?.name,
    secondaryContactRelationship: sc?.relationships,
    secondaryContactPhone: formatPhone(sc?.phone),
    mainJobReferenceName: mr?.company,
    mainJobReferencePosition: mr?.position,
    mainJobReferenceBoss: mr?.boss,
    mainJobReferencePhone: formatPhone(mr?.phone),
    secondaryJobReferenceName: sr?.company,
    secondaryJobReferencePosition: sr?.position,
    secondaryJobReferenceBoss: sr?.boss,
    secondaryJobReferencePhone: formatPhone(sr?.phone),
    sign1: sign(1),
    sign2: sign(2),
    sign3: sign(3),
    sign4: sign(4),
  };
}
