import { Descriptions, Image, Space, Tag } from 'antd';
import { approvalColors, approvalLabels, productTypeLabel, type ApprovalState } from '../../../domain/products.schemas';
import { formatDate, formatMoney } from '../../ui/format';
import { StatusTag } from '../../ui/StatusTag';
import type { Product } from '../../../domain/products.contract';
import { photoUrl } from './photos';

export function ApprovalTag({ state, date }: { state: ApprovalState; date?: string | null }) {
  return (
    <Tag color={approvalColors[state]}>
      {approvalLabels[state]}
      {date ? ` · ${formatDate(date)}` : ''}
    </Tag>
  );
}

const money = (v: number | null) => (v === null ? '—' : formatMoney(v));
const percent = (v: number | null) => (v === null ? '—' : `${v} %`);

/** Every field of the product with its photos (the list's detail modal). */
export function ProductDetail({ product: p }: { product: Product }) {
  return (
    <>
      <Image.PreviewGroup>
        <Space style={{ marginBottom: 12 }}>
          {p.photos.map((ph) => (
            <Image
              key={ph.id}
              width={96}
              height={96}
              style={{ objectFit: 'cover', borderRadius: 6 }}
              src={photoUrl(ph.name, true)}
              preview={{ src: photoUrl(ph.name) }}
              alt={p.name}
            />
          ))}
        </Space>
      </Image.PreviewGroup>
      <Descriptions bordered size="small" column={2}>
        <Descriptions.Item label="SKU">{p.sku}</Descriptions.Item>
        <Descriptions.Item label="Tipo de producto">{productTypeLabel(p.productType)}</Descriptions.Item>
        <Descriptions.Item label="Nombre" span={2}>
          {p.name}
        </Descriptions.Item>
        <Descriptions.Item label="Marca">{p.brand}</Descriptions.Item>
        <Descriptions.Item label="Código de barras">{p.barCode}</Descriptions.Item>
        <Descriptions.Item label="Descripción" span={2}>
          {p.description}
        </Descriptions.Item>
        <Descriptions.Item label="Contenido" span={2}>{`${p.contentType} de ${p.content} ${p.measureUnit}`}</Descriptions.Item>
        <Descriptions.Item label="Proveedores" span={2}>
          {p.providers.map((x) => x.name).join(', ')}
        </Descriptions.Item>
        <Descriptions.Item label="Categorías" span={2}>
          {p.categories.map((x) => (
            <Tag key={x.id}>{x.name}</Tag>
          ))}
        </Descriptions.Item>
        <Descriptions.Item label="Costo">{formatMoney(p.cost)}</Descriptions.Item>
        <Descriptions.Item label="IVA">{`${p.tax} %`}</Descriptions.Item>
        <Descriptions.Item label="Costo real (con IVA)" span={2}>
          {formatMoney(p.realCost)}
        </Descriptions.Item>
        <Descriptions.Item label="IVA de franquicia">{percent(p.franchiseTax)}</Descriptions.Item>
        <Descriptions.Item label="Costo adicional de franquicia">{percent(p.additionalCostFranchise)}</Descriptions.Item>
        <Descriptions.Item label="Gastos indirectos">{money(p.indirectExpenses)}</Descriptions.Item>
        <Descriptions.Item label="Precio franquicia">{money(p.franchisePrice)}</Descriptions.Item>
        <Descriptions.Item label="Porcentaje de utilidad">{percent(p.profitPorcentage)}</Descriptions.Item>
        <Descriptions.Item label="Precio de venta">{money(p.salePrice)}</Descriptions.Item>
        <Descriptions.Item label="Puntos">{p.points ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Estatus">
          <StatusTag active={p.active} />
        </Descriptions.Item>
        <Descriptions.Item label="Aprobación">
          <ApprovalTag state={p.approval} date={p.approved_at ?? p.rejected_at} />
        </Descriptions.Item>
        <Descriptions.Item label="Fecha de creación">{formatDate(p.created_at)}</Descriptions.Item>
      </Descriptions>
    </>
  );
}
