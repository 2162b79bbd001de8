import { Descriptions, Image, Space, Tag, Typography } from 'antd';
import { treatmentTypeLabel } from '../../../domain/treatments.schemas';
import { formatMoney } from '../../ui/format';
import { StatusTag } from '../../ui/StatusTag';
import type { Treatment } from '../../../domain/treatments.contract';
import { treatmentPhoto } from './photos';

const tags = (items: { id: string; name: string }[]) =>
  items.length ? (
    <Space size={[0, 4]} wrap>
      {items.map((i) => (
        <Tag key={i.id}>{i.name}</Tag>
      ))}
    </Space>
  ) : (
    '—'
  );

/** Everything a treatment carries, for the list's detail modal. */
export function TreatmentDetail({ treatment: t }: { treatment: Treatment }) {
  return (
    <Space align="start" size={16} style={{ width: '100%' }}>
      {t.photo && <Image width={160} src={treatmentPhoto(t.photo)} alt={t.name} />}
      <Descriptions bordered column={1} size="small" style={{ flex: 1 }}>
        <Descriptions.Item label="SKU">{t.sku}</Descriptions.Item>
        <Descriptions.Item label="Nombre">{t.name}</Descriptions.Item>
        <Descriptions.Item label="Tipo">{treatmentTypeLabel(t.treatmentType.name)}</Descriptions.Item>
        <Descriptions.Item label="Descripción">
          <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{t.description}</Typography.Paragraph>
        </Descriptions.Item>
        <Descriptions.Item label="Categorías">{tags(t.categories)}</Descriptions.Item>
        <Descriptions.Item label="Precio">{formatMoney(t.price)}</Descriptions.Item>
        {t.medicalFee !== null && <Descriptions.Item label="Honorario médico">{formatMoney(t.medicalFee)}</Descriptions.Item>}
        <Descriptions.Item label="Puntos">{t.points}</Descriptions.Item>
        <Descriptions.Item label="Duración">{t.term}</Descriptions.Item>
        <Descriptions.Item label="Vigencia">{t.validity ? `${t.validity} días` : '—'}</Descriptions.Item>
        {t.treatmentType.hasAreas && <Descriptions.Item label="Áreas">{tags(t.areas)}</Descriptions.Item>}
        <Descriptions.Item label="Aparatos">{tags(t.appliance)}</Descriptions.Item>
        <Descriptions.Item label="Productos">
          {t.treatmentProduct.length ? t.treatmentProduct.map((p) => `${p.product.name} × ${p.quantity}`).join(', ') : '—'}
        </Descriptions.Item>
        <Descriptions.Item label="Valoración">{t.assessment ? 'Sí' : 'No'}</Descriptions.Item>
        <Descriptions.Item label="Consentimiento">{t.treatmentConsent ? t.treatmentConsent.name : 'No'}</Descriptions.Item>
        <Descriptions.Item label="Estatus">
          <StatusTag active={t.active} />
        </Descriptions.Item>
      </Descriptions>
    </Space>
  );
}
