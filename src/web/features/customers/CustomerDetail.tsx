import { useState } from 'react';
import { Avatar, Button, Card, Col, Descriptions, Row, Spin, Statistic, Tabs, Tag, Tooltip } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatPhone } from '../../../domain/validation';
import { customerRoutes } from '../../../domain/customers.contract';
import { loyaltyRoutes } from '../../../domain/loyalty.contract';
import { call } from '../../app/api';
import { useCan } from '../../app/privileges';
import { useSession } from '../../app/session';
import { confirmAction } from '../../ui/confirm';
import { formatDate, formatMoney, fullName } from '../../ui/format';
import { notify } from '../../ui/notify';
import { StatusTag } from '../../ui/StatusTag';
import { CustomerAppointments } from './CustomerAppointments';
import { CustomerNotes } from './CustomerNotes';
import { CustomerOrders } from './CustomerOrders';
import { CustomerPoints } from './CustomerPoints';
import { CustomerPurchasedProducts } from './CustomerPurchasedProducts';
import { TierTag } from './TierTag';

export function CustomerDetail({ id }: { id: string }) {
  const can = useCan();
  // roles held to the cancellation limit cannot clear it (the API refuses them too)
  const mayUnban = useSession((s) => Boolean(s.user?.extendedCancellationLimit)) && can('clients', 'edit');
  const queryClient = useQueryClient();
  const { data: c, isLoading } = useQuery({ queryKey: ['customer', id], queryFn: () => call(customerRoutes.single, { params: { id } }) });
  // the tier from the real purchases of the last 365 days and the thresholds in settings
  const { data: loyalty } = useQuery({ queryKey: ['customer-loyalty', id], queryFn: () => call(loyaltyRoutes.customerLoyalty, { params: { id } }) });
  const [pointsOpen, setPointsOpen] = useState(false);
  if (isLoading || !c) return <Spin />;
  const seesOrders = can('clients', 'show') || can('loyalty_system', 'show') || can('members', 'show');
  const seesTreatments = can('clients', 'show') || can('dairy', 'show');
  const seesAppointments = seesTreatments || can('appointment', 'show');

  const unban = () =>
    confirmAction({
      title: `¿Desbanear a ${c.name}? Se borrarán sus ${c.cancellations} cancelaciones.`,
      okText: 'Desbanear',
      danger: false,
      onOk: async () => {
        try {
          await call(customerRoutes.clearCancellations, { params: { id: c.id } });
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
      <Col xs={24} md={6}>
        <Card>
          <div style={{ textAlign: 'center' }}>
            <Avatar size={96} icon={<UserOutlined />} src={c.photo?.thumbnailUrl} alt={`Foto: ${fullName(c)}`} />
            <h3 style={{ marginBottom: 0 }}>{fullName(c)}</h3>
            <div style={{ color: '#666' }}>Cliente {c.customerId}</div>
            <div style={{ marginTop: 8 }}>
              {loyalty ? (
                <Tooltip
                  title={`Compras del ${formatDate(loyalty.startDate + 'T12:00:00Z')} al ${formatDate(loyalty.endDate + 'T12:00:00Z')}: ${formatMoney(loyalty.total)}`}
                >
                  <span>
                    <TierTag tier={loyalty.loyaltyScale} />
                  </span>
                </Tooltip>
              ) : (
                <Spin size="small" />
              )}
              {c.blackList && <Tag color="red">Lista negra</Tag>}
            </div>
          </div>
          <Row gutter={8} style={{ marginTop: 16 }}>
            <Col span={9}>
              <Statistic title="Puntos" value={c.points} />
              {(can('clients', 'show') || can('loyalty_system', 'show')) && (
                <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setPointsOpen(true)}>
                  Movimientos
                </Button>
              )}
            </Col>
            <Col span={15}>
              <Statistic title={<span style={{ whiteSpace: 'nowrap' }}>Cancelaciones</span>} value={c.cancellations} />
            </Col>
          </Row>
          {loyalty && <p style={{ marginTop: 12, marginBottom: 0 }}>Compras últimos 365 días: {formatMoney(loyalty.total)}</p>}
          <p style={{ marginTop: 12, marginBottom: 0 }}>Sucursal de registro: {c.registryBranch?.name ?? '—'}</p>
          <CustomerPoints customerId={c.id} open={pointsOpen} onClose={() => setPointsOpen(false)} />
          {c.cancellations > 0 && mayUnban && (
            <Button block style={{ marginTop: 12 }} onClick={unban}>
              Desbanear
            </Button>
          )}
        </Card>
      </Col>
      <Col xs={24} md={18}>
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
            ...(seesAppointments ? [{ key: 'appointments', label: 'Citas', children: <CustomerAppointments customerId={c.id} /> }] : []),
            ...(seesOrders
              ? [
                  { key: 'orders', label: 'Órdenes', children: <CustomerOrders customerId={c.id} kind="order" /> },
                  { key: 'cash-orders', label: 'Órdenes en efectivo', children: <CustomerOrders customerId={c.id} kind="cash" /> },
                ]
              : []),
            ...(seesTreatments ? [{ key: 'purchased', label: 'Productos adquiridos', children: <CustomerPurchasedProducts customerId={c.id} /> }] : []),
          ]}
        />
      </Col>
    </Row>
  );
}
