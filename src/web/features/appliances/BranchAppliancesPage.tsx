import { Descriptions, Tag } from 'antd';
import { ToolOutlined } from '@ant-design/icons';
import type { BranchAppliance } from '../../../domain/appliances.contract';
import { APPLIANCE_TYPES, BRANCH_APPLIANCE_STATUSES, branchApplianceStatusColors } from '../../../domain/appliances.schemas';
import { useSession } from '../../app/session';
import { ListPage } from '../../ui/ListPage';
import { searchBy } from '../../ui/list-search';
import { editDeleteActions } from '../../ui/list-actions';
import { textColumn } from '../../ui/list-columns';
import { branchFilter, selectFilter } from '../../ui/filters';

const calendarDate = (iso: string | null) => (iso ? iso.split('-').reverse().join('/') : '');

export default function BranchAppliancesPage() {
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
      links={[{ label: 'Aparatos', to: '/dashboard/aparatos', icon: <ToolOutlined />, module: 'appliances', action: 'show' }]}
      searchFields={searchBy({ sku: 'SKU', number: 'Número', appliance: 'Aparato', branch: 'Sucursal' })}
      filters={[
        // a branch-bound user only ever sees their own branch, so the filter would say nothing
        ...(branchBound ? [] : [{ ...branchFilter('branch_appliances'), visibleWith: undefined }]),
        selectFilter('type', 'Tipo', APPLIANCE_TYPES),
        selectFilter('status', 'Estatus', BRANCH_APPLIANCE_STATUSES),
      ]}
      columns={[
        { key: 'sku', title: 'SKU', sortField: 'sku' },
        { key: 'number', title: 'Número', sortField: 'number', text: (b) => b.number ?? '' },
        textColumn('appliance', 'Aparato', (b) => b.appliance.name, { sort: true, width: 220 }),
        textColumn('type', 'Tipo', (b) => b.appliance.type, { sort: true }),
        textColumn('branch', 'Sucursal', (b) => b.branch.name, { sort: true }),
        {
          key: 'status',
          title: 'Estatus',
          sortField: 'status',
          render: (b) => <Tag color={branchApplianceStatusColors[b.status]}>{b.status}</Tag>,
          text: (b) => b.status,
        },
        textColumn('lastMaintenance', 'Último mantenimiento', (b) => calendarDate(b.lastMaintenance), { sort: true, width: 130 }),
      ]}
      rowActions={editDeleteActions('branch-appliance', (b) => `¿Eliminar el aparato "${b.sku}" de la sucursal?`)}
    />
  );
}
