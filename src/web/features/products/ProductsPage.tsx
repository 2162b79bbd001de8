import { Button } from 'antd';
import { TagsOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { APPROVAL_STATES, approvalLabels, productTypeLabel } from '../../../domain/products.schemas';
import { useCan } from '../../app/privileges';
import { filterCatalogue, type FilterDef } from '../../ui/filters';
import { formatMoney } from '../../ui/format';
import { ListPage } from '../../ui/ListPage';
import { StatusTag } from '../../ui/StatusTag';
import { loadProductTypes, loadProviders } from './lookups';
import { ApprovalTag, ProductDetail } from './ProductDetail';
import type { Product } from '../../../domain/products.contract';
import { photoUrl } from './photos';

const filters: FilterDef[] = [
  filterCatalogue.status(),
  { kind: 'select', param: 'approval', label: 'Aprobación', options: APPROVAL_STATES.map((s) => ({ value: s, label: approvalLabels[s] })) },
  {
    kind: 'select',
    param: 'providerId',
    label: 'Proveedor',
    loadKey: 'product-providers',
    load: async () => (await loadProviders()).map((p) => ({ value: p.id, label: p.name })),
    width: 200,
  },
  {
    kind: 'select',
    param: 'excludeType',
    label: 'Excluir tipo',
    loadKey: 'product-types',
    load: async () => (await loadProductTypes()).map((t) => ({ value: t.slug, label: `Sin ${t.name.toLowerCase()}` })),
    width: 170,
  },
  { kind: 'select', param: 'withDeleted', label: 'Eliminados', options: [{ value: 'true', label: 'Incluir eliminados' }], width: 170 },
];

const live = (p: Product) => !p.deleted_at;

function Thumbnail({ product: p }: { product: Product }) {
  const photo = p.photos[0];
  if (!photo) return <div style={{ width: 44, height: 44, borderRadius: 6, background: '#f0ebfa' }} />;
  return <img src={photoUrl(photo.name, true)} alt={p.name} width={44} height={44} style={{ objectFit: 'cover', borderRadius: 6, display: 'block' }} />;
}

export default function ProductsPage() {
  const can = useCan();
  const navigate = useNavigate();
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
      extraActions={
        can('products', 'create') && (
          <Button icon={<TagsOutlined />} onClick={() => navigate('/dashboard/tipos-producto')}>
            Tipo de producto
          </Button>
        )
      }
      searchFields={[
        { value: 'name', label: 'Nombre' },
        { value: 'sku', label: 'SKU' },
        { value: 'brand', label: 'Marca' },
        { value: 'barCode', label: 'Código de barras' },
      ]}
      filters={filters}
      columns={[
        { key: 'sku', title: 'SKU', sortField: 'sku' },
        { key: 'photo', title: 'Foto', render: (p) => <Thumbnail product={p} />, text: (p) => `${p.photos.length} foto(s)` },
        { key: 'name', title: 'Nombre', sortField: 'name' },
        { key: 'brand', title: 'Marca', sortField: 'brand' },
        { key: 'type', title: 'Tipo', sortField: 'type', render: (p) => productTypeLabel(p.productType), text: (p) => productTypeLabel(p.productType) },
        {
          key: 'salePrice',
          title: 'Precio de venta',
          sortField: 'salePrice',
          render: (p) => (p.salePrice === null ? '—' : formatMoney(p.salePrice)),
          text: (p) => (p.salePrice === null ? '' : formatMoney(p.salePrice)),
        },
        { key: 'approval', title: 'Aprobación', render: (p) => <ApprovalTag state={p.approval} />, text: (p) => approvalLabels[p.approval] },
        {
          key: 'active',
          title: 'Estatus',
          sortField: 'active',
          render: (p) => (p.deleted_at ? <StatusTag active={false} off="Eliminado" /> : <StatusTag active={p.active} />),
          text: (p) => (p.deleted_at ? 'Eliminado' : p.active ? 'Activo' : 'Inactivo'),
        },
      ]}
      rowActions={[
        { key: 'edit', label: 'Editar', action: 'edit', to: (p) => p.id, hidden: (p) => !live(p) },
        {
          key: 'reject',
          label: 'Rechazar',
          action: 'approve',
          danger: true,
          hidden: (p) => !live(p) || p.approval !== 'pending',
          confirm: { title: (p) => `¿Rechazar el producto "${p.name}"?`, path: (p) => `/product/${p.id}/reject`, okText: 'Rechazar' },
        },
        {
          key: 'delete',
          label: 'Eliminar',
          action: 'delete',
          danger: true,
          hidden: (p) => !live(p),
          confirm: { title: (p) => `¿Eliminar el producto "${p.name}"?`, path: (p) => `/product/${p.id}/delete` },
        },
      ]}
    />
  );
}
