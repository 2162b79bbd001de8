import { TagsOutlined } from '@ant-design/icons';
import { APPROVAL_STATES, approvalLabels, productTypeLabel } from '../../../domain/products.schemas';
import { filterCatalogue, lookupFilter, selectFilter, type FilterDef } from '../../ui/filters';
import { formatMoney } from '../../ui/format';
import { ListPage } from '../../ui/ListPage';
import { searchBy } from '../../ui/list-search';
import { deleteAction, editAction } from '../../ui/list-actions';
import { statusColumn, textColumn } from '../../ui/list-columns';
import { loadProductTypes, loadProviders } from './lookups';
import { ApprovalTag, ProductDetail } from './ProductDetail';
import type { Product } from '../../../domain/products.contract';
import { photoUrl } from './photos';

const filters: FilterDef[] = [
  filterCatalogue.status(),
  selectFilter('approval', 'Aprobación', APPROVAL_STATES, { labels: approvalLabels }),
  lookupFilter('providerId', 'Proveedor', 'product-providers', async () => (await loadProviders()).map((p) => ({ value: p.id, label: p.name }))),
  lookupFilter(
    'excludeType',
    'Excluir tipo',
    'product-types',
    async () => (await loadProductTypes()).map((t) => ({ value: t.slug, label: `Sin ${t.name.toLowerCase()}` })),
    170,
  ),
  selectFilter('withDeleted', 'Eliminados', [{ value: 'true', label: 'Incluir eliminados' }], { width: 170 }),
];

const live = (p: Product) => !p.deleted_at;

function Thumbnail({ product: p }: { product: Product }) {
  const photo = p.photos[0];
  if (!photo) return <div style={{ width: 44, height: 44, borderRadius: 6, background: '#f0ebfa' }} />;
  return <img src={photoUrl(photo.name, true)} alt={p.name} width={44} height={44} style={{ objectFit: 'cover', borderRadius: 6, display: 'block' }} />;
}

export default function ProductsPage() {
  return (
    <ListPage<Product>
      title="Productos"
      resource="product"
      module="products"
      exportName="productos"
      createPath="crear"
      detailTitle="Producto"
      detailWidth={820}
      detail={(p) => <ProductDetail product={p} />}
      links={[{ label: 'Tipo de producto', to: '/dashboard/tipos-producto', icon: <TagsOutlined />, module: 'products', action: 'create' }]}
      searchFields={searchBy({ name: 'Nombre', sku: 'SKU', brand: 'Marca', barCode: 'Código de barras' })}
      filters={filters}
      columns={[
        { key: 'sku', title: 'SKU', sortField: 'sku' },
        { key: 'photo', title: 'Foto', render: (p) => <Thumbnail product={p} />, text: (p) => `${p.photos.length} foto(s)` },
        { key: 'name', title: 'Nombre', sortField: 'name' },
        { key: 'brand', title: 'Marca', sortField: 'brand' },
        textColumn('type', 'Tipo', (p) => productTypeLabel(p.productType), { sort: true }),
        {
          key: 'salePrice',
          title: 'Precio de venta',
          sortField: 'salePrice',
          render: (p) => (p.salePrice === null ? '—' : formatMoney(p.salePrice)),
          text: (p) => (p.salePrice === null ? '' : formatMoney(p.salePrice)),
        },
        { key: 'approval', title: 'Aprobación', render: (p) => <ApprovalTag state={p.approval} />, text: (p) => approvalLabels[p.approval] },
        statusColumn('active', (p) => p.active, { deleted: (p) => !live(p) }),
      ]}
      rowActions={[
        editAction((p) => !live(p)),
        {
          key: 'reject',
          label: 'Rechazar',
          action: 'approve',
          danger: true,
          hidden: (p) => !live(p) || p.approval !== 'pending',
          confirm: { title: (p) => `¿Rechazar el producto "${p.name}"?`, path: (p) => `/product/${p.id}/reject`, okText: 'Rechazar' },
        },
        deleteAction(
          'product',
          (p) => `¿Eliminar el producto "${p.name}"?`,
          (p) => !live(p),
        ),
      ]}
    />
  );
}
