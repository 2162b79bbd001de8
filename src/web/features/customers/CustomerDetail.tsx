import { Avatar, Button, Card, Col, Descriptions, Row, Spin, Statistic, Tabs, Tag } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatPhone } from '../../../domain/validation';
import { api } from '../../app/api';
import { useCan } from '../../app/privileges';
import { confirmAction } from '../../ui/confirm';
import { formatDate, fullName } from '../../ui/format';
import { notify } from '../../ui/notify';
import { StatusTag } from '../../ui/StatusTag';
import { CustomerNotes } from './CustomerNotes';
import type { Customer } from './types';

const TIER_COLORS: Record<string, string> = { BRONCE: '#b0793f', PLATA: '#8c8c8c', ORO: '#d4a017', PLATINO: '#6b7b8c', DIAMANTE: '#3a8bd6' };

export function CustomerDetail({ id }: { id: string }) {
  const can = useCan();
  const queryClient = useQueryClient();
  const { data: c, isLoading } = useQuery({ queryKey: ['customer', id], queryFn: () => api<Customer>(`/customer/${id}/single`) });
  if (isLoading || !c) return <Spin />;

  const unban = () =>
    confirmAction({
      title: `¿Desbanear a ${c.name}? Se borrarán sus ${c.cancellations} cancelaciones.`,
      okText: 'Desbanear',
      danger: false,
      onOk: async () => {
        try {
          await api(`/customer/${c.id}/clear-cancellations`, { method: 'PATCH' });
          notify.success();
          await queryClient.invalidateQueries({ queryKey: ['customer', id] });
          await queryClient.invalidateQueries({ queryKey: ['list', 'customer'] });
        } catch (err) {
          notify.error(err);
        }
      },
    });

  return (
    <Row gutter={16}>
      <Col xs={24} md={7}>
        <Card>
          <div style={{ textAlign: 'center' }}>
            <Avatar size={96} icon={<UserOutlined />} src={c.photo ? `/v1/customer/photo/thumbnail/${c.photo.name}` : undefined} />
            <h3 style={{ marginBottom: 0 }}>{fullName(c)}</h3>
            <div style={{ color: '#888' }}>Cliente {c.customerId}</div>
            <Tag color={TIER_COLORS[c.loyaltyScale]} style={{ marginTop: 8 }}>
              {c.loyaltyScale}
            </Tag>
            {c.blackList && <Tag color="red">Lista negra</Tag>}
          </div>
          <Row gutter={8} style={{ marginTop: 16 }}>
            <Col span={12}>
              <Statistic title="Puntos" value={c.points} />
            </Col>
            <Col span={12}>
              <Statistic title="Cancelaciones" value={c.cancellations} />
            </Col>
          </Row>
          <p style={{ marginTop: 12, marginBottom: 0 }}>Sucursal de registro: {c.registryBranch?.name ?? '—'}</p>
          {c.cancellations > 0 && can('clients', 'edit') && (
            <Button block style={{ marginTop: 12 }} onClick={unban}>
              Desbanear
            </Button>
          )}
        </Card>
      </Col>
      <Col xs={24} md={17}>
        <Tabs
          items={[
            {
              key: 'info',
              label: 'Información',
              children: (
                <Descriptions bordered size="small" column={2}>
                  <Descriptions.Item label="Nombre">{c.name}</Descriptions.Item>
                  <Descriptions.Item label="Apellidos">{`${c.lastName.toUpperCase()} ${(c.motherLastName ?? '').toUpperCase()}`}</Descriptions.Item>
                  <Descriptions.Item label="Género">{c.gender}</Descriptions.Item>
                  <Descriptions.Item label="Nacimiento">{`${formatDate(c.birthday + 'T12:00:00Z')} (${c.age} años)`}</Descriptions.Item>
                  <Descriptions.Item label="Celular">{formatPhone(c.mobilePhone) || '—'}</Descriptions.Item>
                  <Descriptions.Item label="Teléfono">{formatPhone(c.phone) || '—'}</Descriptions.Item>
                  <Descriptions.Item label="Correo">{c.email ?? '—'}</Descriptions.Item>
                  <Descriptions.Item label="Estado civil">{c.maritalStatus ?? '—'}</Descriptions.Item>
                  <Descriptions.Item label="País de origen">{c.originCountry ?? '—'}</Descriptions.Item>
                  <Descriptions.Item label="Referencia">{c.reference ?? '—'}</Descriptions.Item>
                  {c.tutor && (
                    <Descriptions.Item label="Tutor" span={2}>
                      {`${fullName(c.tutor)} (${c.relationship ?? ''}) · ${formatPhone(c.tutor.mobilePhone)}`}
                    </Descriptions.Item>
                  )}
                  <Descriptions.Item label="Es tutor">{c.isTutor ? 'Sí' : 'No'}</Descriptions.Item>
                  <Descriptions.Item label="Estatus">
                    <StatusTag active={c.status} />
                  </Descriptions.Item>
                </Descriptions>
              ),
            },
            { key: 'notes', label: 'Notas', children: <CustomerNotes customerId={c.id} /> },
          ]}
        />
      </Col>
    </Row>
  );
}
