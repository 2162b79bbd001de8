import { Button, Descriptions, Tag } from 'antd';
import { ToolOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { BranchAppliance } from '../../../domain/appliances.contract';
import { APPLIANCE_TYPES, BRANCH_APPLIANCE_STATUSES, branchApplianceStatusColors } from '../../../domain/appliances.schemas';
import { useCan } from '../../app/privileges';
import { useSession } from '../../app/session';
import { ListPage } from '../../ui/ListPage';
import { branchFilter } from '../../ui/filters';

const calendarDate = (iso: string | null) => (iso ? iso.split('-').reverse().join('/') : '');

export default function BranchAppliancesPage() {
  const can = useCan();
  const navigate = useNavigate();
  const branchBound = useSession((s) => Boolean(s.user?.branchBound));
  return (
    <ListPage<BranchAppliance>
      title="Aparatos por sucursal"
      resource="branch-appliance"
      module="branch_appliances"
      exportName="aparatos-sucursal"
      createPath="vincular"
      detailTitle="Aparato de sucursal"
      detail={(b) => (
        <Descriptions bordered column={1} size="small">
          <Descriptions.Item label="SKU">{b.sku}</Descriptions.Item>
          <Descriptions.Item label="Número">{b.number}</Descriptions.Item>
          <Descriptions.Item label="Aparato">{`${b.appliance.name} · ${b.appliance.brand} ${b.appliance.model}`}</Descriptions.Item>
          <Descriptions.Item label="Tipo">{b.appliance.type}</Descriptions.Item>
          <Descriptions.Item label="Sucursal">{b.branch.name}</Descriptions.Item>
          <Descriptions.Item label="Estatus">
            <Tag color={branchApplianceStatusColors[b.status]}>{b.status}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label="Descripción del estatus">{b.statusDescription}</Descriptions.Item>
          <Descriptions.Item label="Último mantenimiento">{calendarDate(b.lastMaintenance)}</Descriptions.Item>
          <Descriptions.Item label="Comentarios">{b.comments}</Descriptions.Item>
        </Descriptions>
      )}
      extraActions={
        can('appliances', 'show') && (
          <Button icon={<ToolOutlined />} onClick={() => navigate('/dashboard/aparatos')}>
            Aparatos
          </Button>
        )
      }
      searchFields={[
        { value: 'sku', label: 'SKU' },
        { value: 'number', label: 'Número' },
        { value: 'appliance', label: 'Aparato' },
        { value: 'branch', label: 'Sucursal' },
      ]}
      filters={[
        // a branch-bound user only ever sees their own branch, so the filter would say nothing
        ...(branchBound ? [] : [{ ...branchFilter('branch_appliances'), visibleWith: undefined }]),
        { kind: 'select', param: 'type', label: 'Tipo', options: APPLIANCE_TYPES.map((t) => ({ value: t, label: t })) },
        { kind: 'select', param: 'status', label: 'Estatus', options: BRANCH_APPLIANCE_STATUSES.map((s) => ({ value: s, label: s })) },
      ]}
      columns={[
        { key: 'sku', title: 'SKU', sortField: 'sku' },
        { key: 'number', title: 'Número', sortField: 'number', text: (b) => b.number ?? '' },
        { key: 'appliance', title: 'Aparato', sortField: 'appliance', width: 220, render: (b) => b.appliance.name, text: (b) => b.appliance.name },
        { key: 'type', title: 'Tipo', sortField: 'type', render: (b) => b.appliance.type, text: (b) => b.appliance.type },
        { key: 'branch', title: 'Sucursal', sortField: 'branch', render: (b) => b.branch.name, text: (b) => b.branch.name },
        {
          key: 'status',
          title: 'Estatus',
          sortField: 'status',
          render: (b) => <Tag color={branchApplianceStatusColors[b.status]}>{b.status}</Tag>,
          text: (b) => b.status,
        },
        {
          key: 'lastMaintenance',
          title: 'Último mantenimiento',
          width: 130,
          sortField: 'lastMaintenance',
          render: (b) => calendarDate(b.lastMaintenance),
          text: (b) => calendarDate(b.lastMaintenance),
        },
      ]}
      rowActions={[
        { key: 'edit', label: 'Editar', action: 'edit', to: (b) => b.id },
        {
          key: 'delete',
          label: 'Eliminar',
          action: 'delete',
          danger: true,
          confirm: { title: (b) => `¿Eliminar el aparato "${b.sku}" de la sucursal?`, path: (b) => `/branch-appliance/${b.id}/delete` },
        },
      ]}
    />
  );
}
