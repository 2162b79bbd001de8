import { Button, Card, Descriptions, Table } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { LOYALTY_TIERS } from '../../../domain/loyalty';
import { paymentProcessTypeLabels } from '../../../domain/settings.schemas';
import { useCan } from '../../app/privileges';
import { formatDateTime, formatMoney } from '../../ui/format';
import { TierTag } from '../customers';
import { useSettings } from './useSettings';

interface TierRow {
  tier: string;
  from: number;
  to?: number;
}

export default function SettingsPage() {
  const { setting, branches, loading } = useSettings();
  const can = useCan();
  const navigate = useNavigate();
  const rates = setting.data?.exchangeRate ?? {};
  return (
    <div>
      <div className="page-title">
        <h2>Configuraciones</h2>
        {can('setting', 'edit') && (
          <Button type="primary" icon={<EditOutlined />} onClick={() => navigate('editar')}>
            Editar
          </Button>
        )}
      </div>
      <Card loading={loading} style={{ maxWidth: 800 }}>
        <Descriptions column={1} bordered size="small" style={{ marginBottom: 16 }}>
          <Descriptions.Item label="Procesador de pagos">{setting.data ? paymentProcessTypeLabels[setting.data.paymentProcessType] : ''}</Descriptions.Item>
          <Descriptions.Item label="Comisión cosmetológica">
            {setting.data ? `${setting.data.cosmetologyCommissionPercent.toFixed(2)} % de la venta sin IVA` : ''}
          </Descriptions.Item>
          <Descriptions.Item label="Última actualización">{formatDateTime(setting.data?.updated_at)}</Descriptions.Item>
        </Descriptions>
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={branches.data ?? []}
          columns={[
            { key: 'name', dataIndex: 'name', title: 'Sucursal' },
            {
              key: 'rate',
              title: 'Tipo de cambio (MXN por USD)',
              align: 'right',
              render: (_: unknown, b: { id: string }) => (rates[b.id] === undefined ? <em>Sin capturar</em> : `$${rates[b.id].toFixed(2)}`),
            },
            {
              key: 'float',
              title: 'Fondo de caja',
              align: 'right',
              render: (_: unknown, b: { id: string }) => {
                const float = setting.data?.openingFloat?.[b.id];
                return float === undefined ? '—' : formatMoney(float);
              },
            },
          ]}
        />
      </Card>
      <Card title="Escalas de lealtad" loading={loading} style={{ maxWidth: 800, marginTop: 16 }}>
        <Table<TierRow>
          rowKey="tier"
          size="small"
          pagination={false}
          dataSource={LOYALTY_TIERS.map((tier, i) => ({
            tier,
            from: setting.data?.loyaltyThresholds?.[tier] ?? 0,
            to: setting.data?.loyaltyThresholds?.[LOYALTY_TIERS[i + 1]],
          }))}
          columns={[
            { key: 'tier', title: 'Nivel', render: (_: unknown, r) => <TierTag tier={r.tier} /> },
            {
              key: 'range',
              title: 'Compras en los últimos 365 días',
              render: (_: unknown, r) => (r.to === undefined ? `Desde ${formatMoney(r.from)}` : `De ${formatMoney(r.from)} a menos de ${formatMoney(r.to)}`),
            },
          ]}
        />
      </Card>
    </div>
  );
}
