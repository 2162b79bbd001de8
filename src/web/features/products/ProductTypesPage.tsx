import { Tag } from 'antd';
import { productTypeLabel } from '../../../domain/products.schemas';
import { ListPage } from '../../ui/ListPage';
import { searchBy } from '../../ui/list-search';
import { textColumn } from '../../ui/list-columns';
import type { ProductType } from '../../../domain/products.contract';

/** The four kinds of product, read-only: each decides the product's update route and whether lots are kept. */
export default function ProductTypesPage() {
  return (
    <ListPage<ProductType>
      title="Tipos de producto"
      resource="product-type"
      module="products"
      exportName="tipos-de-producto"
      detailTitle="Tipo de producto"
      searchFields={searchBy({ name: 'Nombre' })}
      columns={[
        textColumn('name', 'Nombre', productTypeLabel, { sort: true }),
        {
          key: 'requiresLot',
          title: 'Lote y caducidad',
          render: (t) => (t.requiresLot ? <Tag color="blue">Requerido</Tag> : <Tag>No aplica</Tag>),
          text: (t) => (t.requiresLot ? 'Requerido' : 'No aplica'),
        },
      ]}
    />
  );
}
