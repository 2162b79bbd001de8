import { z } from 'zod';
import { isoDate } from './coupons.schemas';
import { msg, text, uuid } from './validation';

export const APPLIANCE_TYPES = ['Aparatología', 'Cómputo'] as const;
export type ApplianceType = (typeof APPLIANCE_TYPES)[number];

/** States of an appliance of the catalogue and of one installed at a branch (section 3). */
export const APPLIANCE_STATUSES = ['Funcionando', 'Averiado', 'Con fallas', 'En reparación'] as const;
export type ApplianceStatus = (typeof APPLIANCE_STATUSES)[number];
export const applianceStatusColors: Record<ApplianceStatus, string> = {
  Funcionando: 'green',
  Averiado: 'red',
  'Con fallas': 'orange',
  'En reparación': 'blue',
};
export const isApplianceStatus = (v: string | undefined): v is ApplianceStatus => (APPLIANCE_STATUSES as readonly string[]).includes(v ?? '');
export const BRANCH_APPLIANCE_STATUSES = APPLIANCE_STATUSES;
export type BranchApplianceStatus = ApplianceStatus;
export const branchApplianceStatusColors = applianceStatusColors;

export const APPROVE_NEEDED_MESSAGE = 'Se requiere el privilegio de aprobar para cambiar el aparato o el estatus';
export const APPLIANCE_INACTIVE_MESSAGE = 'El aparato está inactivo';
export const APPLIANCE_IN_USE_MESSAGE = 'No se puede eliminar un aparato vinculado a una sucursal o a un tratamiento';

/** Optional free text: blank becomes null. */
const optionalText = (label: string, max: number) =>
  z.preprocess((v) => (typeof v === 'string' && !v.trim() ? null : v === undefined ? null : v), z.string().trim().max(max, msg.max(label, max)).nullable());

export const applianceSchema = z.object({
  type: z.enum(APPLIANCE_TYPES, { error: msg.required('tipo') }),
  name: text('nombre', { max: 80 }),
  brand: text('marca', { max: 60 }),
  model: text('modelo', { max: 60 }),
  description: optionalText('descripción', 1000),
  /** Funcionando on create when absent; an edit without it keeps the stored one. */
  status: z.enum(APPLIANCE_STATUSES, { error: msg.invalid('estado') }).optional(),
  active: z.boolean().optional(),
});
export type ApplianceInput = z.output<typeof applianceSchema>;

export const branchApplianceSchema = z.object({
  applianceId: z
    .string({ error: msg.required('aparato') })
    .min(1, msg.required('aparato'))
    .pipe(uuid('aparato')),
  /** Shown only with the create privilege; a branch-bound user always gets their own branch. */
  branchId: z.preprocess((v) => (v === '' || v === null ? undefined : v), uuid('sucursal').optional()),
  sku: text('SKU', { max: 12 }),
  number: optionalText('número', 20),
  status: z.enum(BRANCH_APPLIANCE_STATUSES, { error: msg.required('estatus') }).optional(),
  statusDescription: optionalText('descripción del estatus', 1000),
  lastMaintenance: z.preprocess((v) => (v === '' || v === undefined ? null : v), isoDate('último mantenimiento').nullable()),
  comments: optionalText('comentarios', 1000),
});
export type BranchApplianceInput = z.output<typeof branchApplianceSchema>;
