export interface Named {
  id: string;
  name: string;
}

export interface JobPosition extends Named {
  department: Named;
}

export type StaffStatus = 'activo' | 'inactivo';

/** One row of GET /v1/user. */
export interface StaffRow {
  id: string;
  name: string;
  lastName: string;
  motherLastName: string;
  username: string;
  status: StaffStatus;
  role: { id: string; role: string };
  mainBranch: Named | null;
  kardex: { employeeNumber: string; jobPosition: JobPosition | null; workShift: string; photo: { name: string } | null } | null;
  contract: { number: number; date: string; label: string } | null;
}

/** GET /v1/user/:id: the user with the whole personnel file (null sections when there is none). */
export interface StaffDetail {
  id: string;
  name: string;
  lastName: string;
  motherLastName: string;
  username: string;
  status: StaffStatus;
  role: { id: string; role: string };
  kardex: {
    employeeNumber: string;
    mainBranch: Named | null;
    jobPosition: JobPosition | null;
    workShift: string;
    birthdate: string;
    admissionDate: string;
    departureDate: string | null;
    reentryDate: string | null;
    photo: { name: string } | null;
    phone: string[];
  } | null;
  bankInformation: { salary: number | string; isr: number | string | null; bankAccount: string } | null;
  personalData: {
    gender: string;
    maritalStatus: string;
    nationality: string;
    birthState: string;
    birthCity: string;
    nss: string;
    curp: string;
    rfc: string;
    ocr: string;
    infonavit: number | boolean;
    educationalDegree: string;
    profession: string;
    professionalLicense: string | null;
    provisionalProfesionalLicense: string | null;
    childrens: number;
    email: string;
    bloodType: string;
    diseases: string;
    allergies: string;
    drugAllergies: string;
  } | null;
  address: { address: string; city: string; state: string; addressINE: string; cityINE: string; stateINE: string } | null;
  contacts: { name: string; relationships: string; phone: string; main: number | boolean }[] | null;
  jobReferences: { company: string; position: string; boss: string; phone: string; main: number | boolean }[] | null;
  signatures: { number: number; date: string }[] | null;
}

export const staffThumbnail = (photo: { name: string } | null | undefined) => (photo ? `/v1/user/photo/thumbnail/${photo.name}` : undefined);
export const staffPhoto = (photo: { name: string } | null | undefined) => (photo ? `/v1/user/photo/${photo.name}` : undefined);

/** How the education levels of the domain read on screen. */
export const EDUCATION_LABELS: Record<string, string> = { inicial: 'Inicial', básica: 'Básica', 'media superior': 'Media superior', superior: 'Superior' };
