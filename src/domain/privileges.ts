/** Modules and actions of the privilege system (section 6 of both documents). */
export const ACTIONS = ['show', 'create', 'edit', 'approve', 'delete', 'view', 'reports', 'refund'] as const;
export type Action = (typeof ACTIONS)[number];

export const actionLabels: Record<Action, string> = {
  show: 'Ver',
  create: 'Crear',
  edit: 'Editar',
  approve: 'Aprobar',
  delete: 'Eliminar',
  view: 'Consultar',
  reports: 'Reportes',
  refund: 'Devolver',
};

export const MODULES = {
  dairy: 'Agenda',
  blockers: 'Bloqueos',
  appointment: 'Citas',
  bitacora: 'Bitácora de citas',
  clients: 'Clientes',
  history: 'Historial',
  loyalty_system: 'Sistema de lealtad',
  members: 'Miembros',
  miss_you: 'Te extrañamos',
  users: 'Personal',
  roles: 'Roles y privilegios',
  categories: 'Categorías',
  setting: 'Configuraciones',
  branch: 'Sucursales',
  cabains: 'Cabinas',
  cabain_types: 'Tipos de cabina',
  products: 'Productos',
  treatments: 'Tratamientos',
  packages: 'Paquetes',
  promotions: 'Promociones',
  coupons: 'Cupones',
  providers: 'Proveedores',
  appliances: 'Aparatos',
  branch_appliances: 'Aparatos por sucursal',
  purchaseOrder: 'Órdenes de compra',
  saleOrder: 'Órdenes de venta',
  assortmentOrder: 'Órdenes de surtido',
  inventory: 'Inventario',
  transfers: 'Transferencias',
  pos: 'Punto de venta',
  sales: 'Ventas',
  cash_closing: 'Cortes de caja',
  cosmetologic_comission: 'Comisiones cosmetológicas',
  medic_comission: 'Comisiones médicas',
  goal: 'Metas',
  reports: 'Reportes',
  systemLogs: 'Historial del sistema',
} as const;
export type ModuleKey = keyof typeof MODULES;
export const MODULE_KEYS = Object.keys(MODULES) as ModuleKey[];

/** Privileges as carried by the token and answered by the API: module → actions. */
export type PrivilegeMap = Partial<Record<ModuleKey, Action[]>>;

export function can(privileges: PrivilegeMap | undefined, module: ModuleKey, action: Action): boolean {
  return Boolean(privileges?.[module]?.includes(action));
}

/** An entry of the sidebar shows when its module key exists among the privileges. */
export function hasModule(privileges: PrivilegeMap | undefined, module: ModuleKey): boolean {
  return Boolean(privileges?.[module]?.length);
}

export function isModuleKey(value: string): value is ModuleKey {
  return Object.prototype.hasOwnProperty.call(MODULES, value);
}

/** Keeps only known modules and actions, in catalogue order, without repeats. */
export function normalisePrivileges(input: Record<string, readonly string[]>): PrivilegeMap {
  const out: PrivilegeMap = {};
  for (const module of MODULE_KEYS) {
    const actions = ACTIONS.filter((a) => input[module]?.includes(a));
    if (actions.length) out[module] = actions;
  }
  return out;
}
