import { z } from 'zod';

/** Response schemas: what the staff routes may send, and nothing else (no hashes, no PIN). */

const named = z.object({ id: z.string(), name: z.string() });
const jobPosition = z.object({ id: z.string(), name: z.string(), department: named });
const photo = z.object({ name: z.string() }).nullable();
const status = z.enum(['activo', 'inactivo']);
const role = z.object({ id: z.string(), role: z.string() });
const flag = z.union([z.literal(0), z.literal(1)]);

export const staffListItemResponse = z.object({
  id: z.string(),
  name: z.string(),
  lastName: z.string(),
  motherLastName: z.string(),
  username: z.string(),
  status,
  role,
  mainBranch: named.nullable(),
  kardex: z.object({ employeeNumber: z.string(), jobPosition, workShift: z.string(), photo }).nullable(),
  contract: z.object({ number: z.number(), date: z.string(), label: z.string() }).nullable(),
  created_at: z.date(),
});

export const staffDetailResponse = z.object({
  id: z.string(),
  name: z.string(),
  lastName: z.string(),
  motherLastName: z.string(),
  username: z.string(),
  status,
  role,
  kardex: z
    .object({
      employeeNumber: z.string(),
      mainBranch: named.nullable(),
      jobPosition,
      workShift: z.string(),
      birthdate: z.string(),
      admissionDate: z.string(),
      departureDate: z.string().nullable(),
      reentryDate: z.string().nullable(),
      photo,
      phone: z.array(z.string()),
    })
    .nullable(),
  bankInformation: z.object({ salary: z.number(), isr: z.number().nullable(), bankAccount: z.string() }).nullable(),
  personalData: z
    .object({
      gender: z.string(),
      maritalStatus: z.string(),
      nationality: z.string(),
      birthState: z.string(),
      birthCity: z.string(),
      nss: z.string(),
      curp: z.string(),
      rfc: z.string(),
      ocr: z.string(),
      infonavit: flag,
      educationalDegree: z.string(),
      profession: z.string(),
      professionalLicense: z.string().nullable(),
      provisionalProfesionalLicense: z.string().nullable(),
      childrens: z.number(),
      email: z.string(),
      bloodType: z.string(),
      diseases: z.string(),
      allergies: z.string(),
      drugAllergies: z.string(),
    })
    .nullable(),
  address: z.object({ address: z.string(), city: z.string(), state: z.string(), addressINE: z.string(), cityINE: z.string(), stateINE: z.string() }).nullable(),
  contacts: z.array(z.object({ name: z.string(), relationships: z.string(), phone: z.string(), main: flag })),
  jobReferences: z.array(z.object({ company: z.string(), position: z.string(), boss: z.string(), phone: z.string(), main: flag })),
  signatures: z.array(z.object({ number: z.number(), date: z.string() })),
  created_at: z.date(),
  updated_at: z.date(),
});
