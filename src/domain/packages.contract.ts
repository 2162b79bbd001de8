import { z } from 'zod';
import { photoCatalogueRoutes, timestamps, type Answer, type ItemOf } from './contract';
import { listQuerySchema } from './list';
import { PACKAGE_TYPES, packageSchema } from './packages.schemas';
import { named } from './refs';

const packageItemDto = z.object({
  id: z.string(),
  treatmentId: z.string(),
  treatment: z.object({ id: z.string(), sku: z.string(), name: z.string(), price: z.number() }),
  areasIds: z.array(z.string()),
  areas: z.array(named),
  sessions: z.number(),
  limit: z.number(),
  regularPrice: z.number(),
  promotionPrice: z.number(),
});

export const packageDto = z.object({
  id: z.string(),
  type: z.enum(PACKAGE_TYPES),
  sku: z.string(),
  name: z.string(),
  description: z.string(),
  treatmentTypeId: z.string(),
  treatmentType: z.object({ id: z.string(), name: z.string(), hasAreas: z.boolean() }),
  categoryId: z.string(),
  category: named,
  points: z.number(),
  price: z.number(),
  regularPrice: z.number(),
  cabainTime: z.number(),
  branchesIds: z.array(z.string()),
  branches: z.array(named),
  paymentType: z.array(z.string()),
  active: z.boolean(),
  status: z.boolean(),
  validBySchedule: z.boolean(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  validByTime: z.boolean(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  expired: z.boolean(),
  photo: z.string().nullable(),
  treatmentPackage: z.array(packageItemDto),
  ...timestamps,
});

const packageFormOptionsDto = z.object({
  treatmentTypes: z.array(z.object({ id: z.string(), name: z.string(), hasAreas: z.boolean() })),
  categories: z.array(named),
  branches: z.array(named),
  paymentTypes: z.array(z.string()),
  treatments: z.array(z.object({ id: z.string(), sku: z.string(), name: z.string(), price: z.number(), treatmentTypeId: z.string(), areas: z.array(named) })),
});

export const packageListQuery = listQuerySchema.extend({
  type: z.enum(PACKAGE_TYPES, { error: 'El tipo debe ser Package o Promotion' }).optional(),
  categoryId: z.uuid({ error: 'Categoría inválida' }).optional(),
  branchId: z.uuid({ error: 'Sucursal inválida' }).optional(),
});

/**
 * Packages and promotions share routes; the server checks packages.* or promotions.* by type. update takes JSON, or multipart (the fields and at most one photo). The server registers no body schema for it
 * and checks either form with packageSchema itself; its `body` here types the JSON a client sends.
 */
export const packageRoutes = photoCatalogueRoutes('/package', packageListQuery, packageFormOptionsDto, {
  create: packageSchema,
  update: packageSchema,
  response: packageDto,
});

export type Package = Answer<typeof packageRoutes.get>;
export type PackageListItem = ItemOf<typeof packageRoutes.list>;
export type PackageItem = Package['treatmentPackage'][number];
export type PackageFormOptions = Answer<typeof packageRoutes.formOptions>;
export type PackageTreatmentOption = PackageFormOptions['treatments'][number];
