import { z } from 'zod';
import { idParams, listResponse, route, type Answer, type ItemOf } from './contract';
import { listQuerySchema } from './list';
import { staffSchema } from './staff.schemas';
import { named } from './refs';

/** What the staff routes may send, and nothing else (no hashes, no PIN). */

const jobPosition = z.object({ id: z.string(), name: z.string(), department: named });
const photo = z.object({ name: z.string() }).nullable();
const status = z.enum(['activo', 'inactivo']);
const role = z.object({ id: z.string(), role: z.string() });
const flag = z.union([z.literal(0), z.literal(1)]);
/** The user's identity, standing and role: the head of a list row and of the file. */
const staffHead = { id: z.string(), name: z.string(), lastName: z.string(), motherLastName: z.string(), username: z.string(), status, role };

export const staffListItemResponse = z.object({
  ...staffHead,
  mainBranch: named.nullable(),
  kardex: z.object({ employeeNumber: z.string(), jobPosition, workShift: z.string(), photo }).nullable(),
  contract: z.object({ number: z.number(), date: z.string(), label: z.string() }).nullable(),
  created_at: z.date(),
});

export const staffDetailResponse = z.object({
  ...staffHead,
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

export const staffDeleteResponse = z.object({
  id: z.string(),
  name: z.string(),
  lastName: z.string(),
  motherLastName: z.string(),
  username: z.string(),
  deleted_at: z.date(),
});
export const professionalResponse = z.array(z.object({ id: z.string(), name: z.string(), lastName: z.string(), motherLastName: z.string() }));

const staffQuery = listQuerySchema.extend({
  branchId: z.uuid({ error: 'Sucursal inválida' }).optional(),
  roleId: z.uuid({ error: 'Rol inválido' }).optional(),
  departmentId: z.uuid({ error: 'Departamento inválido' }).optional(),
  jobPositionId: z.uuid({ error: 'Puesto inválido' }).optional(),
});
const branchParams = z.object({ branchId: z.uuid({ error: 'Sucursal inválida' }) });

export const staffRoutes = {
  list: route({ method: 'GET', path: '/user', query: staffQuery, response: listResponse(staffListItemResponse) }),
  get: route({ method: 'GET', path: '/user/:id', params: idParams, response: staffDetailResponse }),
  create: route({ method: 'POST', path: '/user/create', body: staffSchema, response: staffDetailResponse, status: 201 }),
  update: route({ method: ['PUT', 'POST'], path: '/user/:id/update', params: idParams, body: staffSchema, response: staffDetailResponse }),
  delete: route({ method: ['POST', 'DELETE'], path: '/user/:id/delete', params: idParams, response: staffDeleteResponse }),
  /** The photo arrives as a multipart file (no body schema). */
  photo: route({ method: 'POST', path: '/user/:id/photo', params: idParams, response: staffDetailResponse }),
  doctors: route({ method: 'GET', path: '/user/doctors/:branchId', params: branchParams, response: professionalResponse }),
  cosmetologists: route({ method: 'GET', path: '/user/cosmetologists/:branchId', params: branchParams, response: professionalResponse }),
};

export type StaffRow = ItemOf<typeof staffRoutes.list>;
export type StaffDetail = Answer<typeof staffRoutes.get>;
export type Professional = Answer<typeof staffRoutes.doctors>[number];
