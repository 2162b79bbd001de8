import { Descriptions, Image, Space, Table, Tag, Typography } from 'antd';
import { packageTypeLabels } from '../../../domain/packages.schemas';
import { treatmentTypeLabel } from '../../../domain/treatments.schemas';
import { formatMoney } from '../../ui/format';
import { StatusTag } from '../../ui/StatusTag';
import type { Package, PackageItem } from '../../../domain/packages.contract';
import { packagePhoto, validityText } from './format';

/** Everything a package or promotion carries, for the list's detail modal. */
export function PackageDetail({ pkg: p }: { pkg: Package }) {
  const promo = p.type === 'Promotion';
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Space align="start" size={16} style={{ width: '100%' }}>
        {p.photo && <Image width={160} src={packagePhoto(p.photo)} alt={p.name} />}
        <Descriptions bordered column={2} size="small" style={{ flex: 1 }}>
          <Descriptions.Item label="SKU">{p.sku}</Descriptions.Item>
          <Descriptions.Item label="Tipo">{packageTypeLabels[p.type]}</Descriptions.Item>
          <Descriptions.Item label="Nombre" span={2}>
            {p.name}
          </Descriptions.Item>
          <Descriptions.Item label="Descripción" span={2}>
            <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{p.description}</Typography.Paragraph>
          </Descriptions.Item>
          <Descriptions.Item label="Tipo de tratamiento">{treatmentTypeLabel(p.treatmentType.name)}</Descriptions.Item>
          <Descriptions.Item label="Categoría">{p.category.name}</Descriptions.Item>
          <Descriptions.Item label="Precio regular">{formatMoney(p.regularPrice)}</Descriptions.Item>
          <Descriptions.Item label="Precio">{formatMoney(p.price)}</Descriptions.Item>
          <Descriptions.Item label="Puntos">{p.points}</Descriptions.Item>
          <Descriptions.Item label="Tiempo de cabina">{p.cabainTime} min</Descriptions.Item>
          <Descriptions.Item label="Vigencia">
            {validityText(p)} {p.expired && <Tag>Vencido</Tag>}
          </Descriptions.Item>
          <Descriptions.Item label="Estatus">
            <StatusTag active={p.active} />
          </Descriptions.Item>
          <Descriptions.Item label="Sucursales" span={2}>
            {p.branches.map((b) => b.name).join(', ')}
          </Descriptions.Item>
          <Descriptions.Item label="Tipo de pago" span={2}>
            {p.paymentType.join(', ')}
          </Descriptions.Item>
        </Descriptions>
      </Space>
      <Table<PackageItem>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={p.treatmentPackage}
        columns={[
          { key: 'treatment', title: 'Tratamiento', render: (_, i) => i.treatment.name },
          { key: 'areas', title: 'Áreas', render: (_, i) => i.areas.map((a) => a.name).join(', ') || '—' },
          ...(promo ? [] : [{ key: 'sessions', title: 'Sesiones', dataIndex: 'sessions' }]),
          { key: 'limit', title: 'Límite', dataIndex: 'limit' },
          { key: 'regularPrice', title: 'Precio regular', render: (_, i) => formatMoney(i.regularPrice) },
          { key: 'promotionPrice', title: 'Precio promoción', render: (_, i) => formatMoney(i.promotionPrice) },
        ]}
      />
    </Space>
  );
}
