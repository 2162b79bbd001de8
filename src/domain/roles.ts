import { ACTIONS, type Action, type ModuleKey, type PrivilegeMap } from './privileges';

export const ROLE_NAMES = {
  superAdmin: 'Super Administrador',
  logistics: 'Logística Gerente',
  branchManager: 'Sucursal Gerente',
  operations: 'Gerente Operativo',
  franchisee: 'Franquiciatario',
  medic: 'Médico',
  cosmetologist: 'Cosmetóloga',
} as const;

const ALL: Action[] = [...ACTIONS];
const READ: Action[] = ['show', 'view'];
const CRUD: Action[] = ['show', 'create', 'edit', 'delete', 'view'];
const CRU: Action[] = ['show', 'create', 'edit', 'view'];

function everything(except: ModuleKey[] = []): PrivilegeMap {
  const map: PrivilegeMap = {};
  for (const m of MODULE_KEYS_ORDER) if (!except.includes(m)) map[m] = ALL;
  return map;
}

// kept local to avoid a cycle with the catalogue's key order
const MODULE_KEYS_ORDER: ModuleKey[] = [
  'dairy', 'blockers', 'appointment', 'bitacora', 'clients', 'history', 'loyalty_system', 'members', 'miss_you',
  'users', 'roles', 'categories', 'setting', 'branch', 'cabains', 'cabain_types', 'products', 'treatments',
  'packages', 'promotions', 'coupons', 'providers', 'appliances', 'branch_appliances', 'purchaseOrder',
  'saleOrder', 'assortmentOrder', 'inventory', 'transfers', 'pos', 'sales', 'cash_closing',
  'cosmetologic_comission', 'medic_comission', 'goal', 'reports', 'systemLogs',
];

export interface RoleDefinition {
  name: string;
  /** Bound to the user's own branch: reads and writes only that branch. */
  branchBound: boolean;
  /** Books against 4 cancellations instead of 3 (see docs/decisions.md). */
  extendedCancellationLimit: boolean;
  privileges: PrivilegeMap;
}

/** Default privileges per role; docs/roles.md shows the same matrix. Clinics change it in /dashboard/roles. */
export const DEFAULT_ROLES: RoleDefinition[] = [
  {
    name: ROLE_NAMES.superAdmin,
    branchBound: false,
    extendedCancellationLimit: true,
    privileges: everything(),
  },
  {
    name: ROLE_NAMES.logistics,
    branchBound: false,
    extendedCancellationLimit: false,
    privileges: {
      history: ['show', 'view', 'reports'],
      categories: CRUD,
      branch: READ,
      cabains: READ,
      cabain_types: READ,
      products: ['show', 'create', 'edit', 'approve', 'delete', 'view'],
      treatments: READ,
      providers: CRUD,
      appliances: ['show', 'create', 'edit', 'approve', 'delete', 'view'],
      branch_appliances: ['show', 'create', 'edit', 'approve', 'delete', 'view'],
      purchaseOrder: ['show', 'create', 'edit', 'approve', 'delete', 'view', 'reports'],
      saleOrder: ['show', 'create', 'edit', 'delete', 'view', 'reports'],
      assortmentOrder: ['show', 'create', 'edit', 'approve', 'delete', 'view', 'reports'],
      inventory: ['show', 'create', 'edit', 'approve', 'view', 'reports'],
      transfers: ['show', 'create', 'edit', 'approve', 'delete', 'view', 'reports'],
      reports: ['show', 'view', 'reports'],
      systemLogs: READ,
    },
  },
  {
    name: ROLE_NAMES.branchManager,
    branchBound: true,
    extendedCancellationLimit: true,
    privileges: {
      dairy: CRUD,
      blockers: CRUD,
      appointment: ['show', 'create', 'edit', 'delete', 'view', 'reports'],
      bitacora: READ,
      clients: CRU,
      history: READ,
      loyalty_system: READ,
      members: READ,
      miss_you: READ,
      users: READ,
      categories: READ,
      setting: READ,
      cabains: CRU,
      cabain_types: READ,
      products: READ,
      treatments: READ,
      packages: READ,
      promotions: READ,
      coupons: READ,
      branch_appliances: CRU,
      assortmentOrder: ['show', 'create', 'edit', 'view', 'reports'],
      inventory: ['show', 'edit', 'view', 'reports'],
      transfers: ['show', 'create', 'edit', 'view', 'reports'],
      pos: ['show'],
      sales: ['show', 'view', 'refund'],
      cash_closing: READ,
      cosmetologic_comission: READ,
      medic_comission: READ,
      goal: READ,
      reports: ['show', 'view', 'reports'],
    },
  },
  {
    name: ROLE_NAMES.operations,
    branchBound: false,
    extendedCancellationLimit: true,
    privileges: {
      dairy: CRUD,
      blockers: CRUD,
      appointment: ['show', 'create', 'edit', 'delete', 'view', 'reports'],
      bitacora: READ,
      clients: ['show', 'create', 'edit', 'approve', 'view'],
      history: READ,
      loyalty_system: READ,
      members: READ,
      miss_you: READ,
      users: CRU,
      categories: CRUD,
      setting: ['show', 'edit', 'view'],
      branch: CRU,
      cabains: CRUD,
      cabain_types: CRUD,
      products: READ,
      treatments: CRUD,
      packages: CRUD,
      promotions: CRUD,
      coupons: CRUD,
      appliances: READ,
      branch_appliances: ['show', 'create', 'edit', 'approve', 'view'],
      assortmentOrder: ['show', 'create', 'edit', 'view', 'reports'],
      inventory: ['show', 'view', 'reports'],
      transfers: ['show', 'view', 'reports'],
      pos: ['show'],
      sales: ['show', 'view', 'refund', 'reports'],
      cash_closing: ['show', 'view', 'approve'],
      cosmetologic_comission: ['show', 'view', 'approve', 'edit'],
      medic_comission: ['show', 'view', 'approve', 'edit'],
      goal: CRUD,
      reports: ['show', 'view', 'reports'],
      systemLogs: READ,
    },
  },
  {
    name: ROLE_NAMES.franchisee,
    branchBound: true,
    extendedCancellationLimit: true,
    privileges: {
      dairy: CRUD,
      blockers: CRUD,
      appointment: ['show', 'create', 'edit', 'delete', 'view', 'reports'],
      bitacora: READ,
      clients: CRU,
      loyalty_system: READ,
      members: READ,
      miss_you: READ,
      users: READ,
      categories: READ,
      setting: READ,
      cabains: READ,
      products: READ,
      treatments: READ,
      packages: READ,
      promotions: READ,
      branch_appliances: READ,
      assortmentOrder: ['show', 'create', 'view'],
      inventory: ['show', 'view'],
      transfers: ['show', 'view'],
      pos: ['show'],
      sales: ['show', 'view'],
      cash_closing: READ,
      goal: READ,
      reports: ['show', 'view', 'reports'],
    },
  },
  {
    name: ROLE_NAMES.medic,
    branchBound: true,
    extendedCancellationLimit: false,
    privileges: {
      dairy: ['show', 'create', 'edit', 'view'],
      appointment: ['show', 'create', 'edit', 'view'],
      clients: ['show', 'create', 'edit', 'view'],
      treatments: READ,
      medic_comission: READ,
    },
  },
  {
    name: ROLE_NAMES.cosmetologist,
    branchBound: true,
    extendedCancellationLimit: false,
    privileges: {
      dairy: ['show', 'create', 'edit', 'view'],
      appointment: ['show', 'create', 'edit', 'view'],
      clients: ['show', 'create', 'edit', 'view'],
      treatments: READ,
      pos: ['show'],
      cosmetologic_comission: READ,
    },
  },
];
