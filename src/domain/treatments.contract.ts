import { z } from 'zod';
import { photoCatalogueRoutes, route, timestamps, type Answer, type ItemOf } from './contract';
import { listQuerySchema } from './list';
import { treatmentCreateSchema, treatmentUpdateSchema } from './treatments.schemas';
import { named } from './refs';

const byType = z.object({ treatmentTypeId: z.uuid({ error: 'Tipo de tratamiento inválido' }).optional() });

export const treatmentTypeDto = z.object({ id: z.string(), name: z.string(), appointmentName: z.string(), hasAreas: z.boolean() });
const colorDto = z.object({ id: z.string(), name: z.string(), hex: z.string(), treatmentTypeId: z.string() });
const consentDto = z.object({ id: z.string(), name: z.string(), document: z.string(), treatmentTypeId: z.string() });
const areaDto = z.object({ id: z.string(), name: z.string(), treatmentTypeId: z.string() });

/** Lookups of the treatment form and of other areas (cabin types, appointments). */
export const treatmentLookupRoutes = {
  types: route({ method: 'GET', path: '/treatment-type', response: z.array(treatmentTypeDto) }),
  colors: route({ method: 'GET', path: '/color', query: byType, response: z.array(colorDto) }),
  consents: route({ method: 'GET', path: '/consent', query: byType, response: z.array(consentDto) }),
  areas: route({ method: 'GET', path: '/area', query: byType, response: z.array(areaDto) }),
};

export const treatmentDto = z.object({
  id: z.string(),
  sku: z.string(),
  name: z.string(),
  description: z.string(),
  treatmentTypeId: z.string(),
  treatmentType: treatmentTypeDto,
  categories: z.array(named),
  price: z.number(),
  medicalFee: z.number().nullable(),
  points: z.number(),
  areas: z.array(named),
  areasIds: z.array(z.string()),
  appliance: z.array(named),
  applianceIds: z.array(z.string()),
  assessment: z.boolean(),
  consent: z.boolean(),
  consentId: z.string().nullable(),
  treatmentConsent: z.object({ id: z.string(), name: z.string(), document: z.string() }).nullable(),
  active: z.boolean(),
  term: z.string(),
  duration: z.number(),
  validity: z.number().nullable(),
  photo: z.string().nullable(),
  treatmentProduct: z.array(
    z.object({ productId: z.string(), quantity: z.number(), product: z.object({ id: z.string(), sku: z.string(), name: z.string() }) }),
  ),
  ...timestamps,
});

const treatmentFormOptionsDto = z.object({
  products: z.array(z.object({ id: z.string(), sku: z.string(), name: z.string() })),
  appliances: z.array(z.object({ id: z.string(), name: z.string(), brand: z.string(), model: z.string(), type: z.string() })),
});

const treatmentListQuery = listQuerySchema.extend({
  treatmentTypeId: z.uuid({ error: 'Tipo de tratamiento inválido' }).optional(),
  categoryId: z.uuid({ error: 'Categoría inválida' }).optional(),
});

export const treatmentRoutes = photoCatalogueRoutes('/treatment', treatmentListQuery, treatmentFormOptionsDto, {
  create: treatmentCreateSchema,
  update: treatmentUpdateSchema,
  response: treatmentDto,
});

export type Treatment = Answer<typeof treatmentRoutes.get>;
export type TreatmentListItem = ItemOf<typeof treatmentRoutes.list>;
export type TreatmentFormOptions = Answer<typeof treatmentRoutes.formOptions>;
export type TreatmentType = Answer<typeof treatmentLookupRoutes.types>[number];
export type Consent = Answer<typeof treatmentLookupRoutes.consents>[number];
export type Area = Answer<typeof treatmentLookupRoutes.areas>[number];
