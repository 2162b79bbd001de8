import { can, hasModule, type Action, type ModuleKey, type PrivilegeMap } from './privileges';

export interface NavEntry {
  key: ModuleKey;
  label: string;
  /** Path under /dashboard, or 'external:pos' for the point of sale. */
  path: string;
  /** False until the screen exists; the sidebar leaves it out. */
  ready: boolean;
  /** The action the screen needs beyond the module (Indicadores: reports.view); without it the entry is hidden. */
  action?: Action;
}

export interface NavGroup {
  label: string | null;
  entries: NavEntry[];
}

const e = (key: ModuleKey, label: string, path: string, ready = false, action?: Action): NavEntry => ({ key, label, path, ready, action });

/** A built entry the user may open: its module among their privileges, and its action when it names one. */
export function showsEntry(privileges: PrivilegeMap | undefined, entry: NavEntry): boolean {
  return entry.ready && (entry.action ? can(privileges, entry.key, entry.action) : hasModule(privileges, entry.key));
}

/** Every sidebar group and entry of both documents; each shows only with its module key. */
export const NAVIGATION: NavGroup[] = [
  {
    label: null,
    entries: [
      e('setting', 'Configuraciones', 'configuraciones', true),
      e('dairy', 'Agenda', 'agenda', true),
      e('pos', 'Punto de venta', 'external:pos', true),
      e('clients', 'Clientes', 'clientes', true),
      e('users', 'Usuarios', 'personal', true),
    ],
  },
  {
    label: 'Administración',
    entries: [
      e('medic_comission', 'Comisiones médicas', 'comisiones-medicas', true),
      e('cosmetologic_comission', 'Comisiones cosmetológicas', 'comisiones-cosmetologicas', true),
      e('reports', 'Reportes', 'reportes', true),
      e('reports', 'Indicadores', 'indicadores', true, 'view'),
      e('goal', 'Metas', 'metas', true),
      e('cash_closing', 'Corte de sucursal', 'corte-sucursal', true),
      e('sales', 'Ventas en sucursal', 'ventas-en-sucursal', true),
      e('sales', 'Ventas en línea', 'ventas-en-linea', true),
      e('sales', 'Ventas en app', 'ventas-en-app', true),
      e('roles', 'Roles y privilegios', 'roles', true),
    ],
  },
  {
    label: 'Inventario',
    entries: [
      e('history', 'Historial', 'historial', true),
      e('purchaseOrder', 'Órdenes de compra', 'ordenes-de-compra', true),
      e('saleOrder', 'Órdenes de venta', 'ordenes-de-venta', true),
      e('providers', 'Proveedores', 'proveedores', true),
      e('transfers', 'Transferencias', 'transferencias', true),
      e('assortmentOrder', 'Órdenes de surtido', 'ordenes-de-surtido', true),
      e('inventory', 'Inventario', 'inventario', true),
    ],
  },
  {
    label: 'Mercadotecnia',
    entries: [
      e('treatments', 'Tratamientos', 'tratamientos', true),
      e('packages', 'Paquetes', 'paquetes', true),
      e('promotions', 'Promociones', 'promociones', true),
      e('coupons', 'Cupones', 'cupones', true),
      e('loyalty_system', 'Sistema de lealtad', 'sistema-de-lealtad', true),
      e('members', 'Miembros', 'miembros', true),
      e('miss_you', 'Te extrañamos', 'we-miss-you', true),
    ],
  },
  {
    label: 'Catálogos',
    entries: [
      e('branch_appliances', 'Aparatos por sucursal', 'aparatos-sucursal', true),
      e('branch', 'Sucursales', 'sucursales', true),
      e('products', 'Productos', 'productos', true),
      e('cabains', 'Cabinas', 'cabinas', true),
      e('categories', 'Categorías', 'categorias', true),
      e('systemLogs', 'Historial del sistema', 'historial-del-sistema', true),
    ],
  },
];
