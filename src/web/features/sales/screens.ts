import type { SaleKind, SaleType } from '../../../domain/sale-lists.contract';

/** One of the four sales lists: what it reads and how it is named. */
export interface SaleScreen {
  title: string;
  /** The API resource: orders (treatments, packages) or cash orders (products). */
  kind: SaleKind;
  saleType: SaleType;
  exportName: string;
  /** The related list its header button opens. */
  link?: { label: string; to: string };
}

export type SaleScreenKey = 'products' | 'branch' | 'app' | 'online';

export const SALE_SCREENS: Record<SaleScreenKey, SaleScreen> = {
  products: {
    title: 'Ventas de Producto',
    kind: 'cash-order',
    saleType: 'POS',
    exportName: 'ventas-de-producto',
    link: { label: 'Ventas de tratamientos y paquetes', to: '/dashboard/ventas-sucursal-producto' },
  },
  branch: {
    title: 'Ventas en sucursal',
    kind: 'order',
    saleType: 'POS',
    exportName: 'ventas-en-sucursal',
    link: { label: 'Ventas de Producto', to: '/dashboard/ventas-en-sucursal' },
  },
  app: { title: 'Ventas en app', kind: 'order', saleType: 'App', exportName: 'ventas-en-app' },
  online: { title: 'Ventas en línea', kind: 'order', saleType: 'online', exportName: 'ventas-en-linea' },
};
