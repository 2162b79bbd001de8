import { Avatar, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { contractLabel } from '../../../domain/staff.schemas';
import { filterCatalogue, type FilterDef } from '../../ui/filters';
import { fullName } from '../../ui/format';
import { ListPage } from '../../ui/ListPage';
import { StatusTag } from '../../ui/StatusTag';
import { StaffDetailView } from './StaffDetail';
import { staffThumbnail, type StaffRow } from './types';

/** The staff status travels as activo / inactivo, not as the usual 1 / 0. */
const statusFilter: FilterDef = {
  kind: 'select',
  param: 'status',
  label: 'Estatus',
  options: [
    { value: 'activo', label: 'Activo' },
    { value: 'inactivo', label: 'Inactivo' },
  ],
};

/** The server sends the label; the domain rule rebuilds it if an older answer lacks it. */
const contractOf = (u: StaffRow) => (u.contract ? (u.contract.label ?? contractLabel([u.contract])) : 'Sin contrato');
const surnames = (u: StaffRow) => [u.lastName, u.motherLastName].filter(Boolean).join(' ');

export default function StaffPage() {
  return (
    <ListPage<StaffRow>
      title="Personal"
      resource="user"
      module="users"
      exportName="personal"
      createPath="crear"
      detailTitle="Personal"
      detailWidth={1200}
      searchFields={[
        { value: 'name', label: 'Nombre' },
        { value: 'username', label: 'Usuario' },
        { value: 'employeeNumber', label: 'No. empleado' },
      ]}
      filters={[statusFilter, filterCatalogue.branch('users'), filterCatalogue.role(), filterCatalogue.department(), filterCatalogue.jobPosition()]}
      columns={[
        { key: 'employeeNumber', title: 'Número', sortField: 'employeeNumber', render: (u) => u.kardex?.employeeNumber ?? '—', text: (u) => u.kardex?.employeeNumber },
        {
          key: 'photo',
          title: 'Foto',
          width: 56,
          render: (u) => <Avatar size={36} src={staffThumbnail(u.kardex?.photo)} icon={<UserOutlined />} alt={`Foto: ${fullName(u)}`} />,
          text: () => '',
        },
        { key: 'name', title: 'Nombre', sortField: 'name' },
        { key: 'lastName', title: 'Apellidos', sortField: 'lastName', render: surnames, text: surnames },
        {
          key: 'username',
          title: 'Usuario',
          sortField: 'username',
          render: (u) => (
            <Typography.Text ellipsis={{ tooltip: u.username }} style={{ maxWidth: 150 }}>
              {u.username}
            </Typography.Text>
          ),
          text: (u) => u.username,
        },
        { key: 'role', title: 'Rol', render: (u) => u.role?.role, text: (u) => u.role?.role },
        { key: 'branch', title: 'Sucursal', render: (u) => u.mainBranch?.name ?? '—', text: (u) => u.mainBranch?.name },
        { key: 'jobPosition', title: 'Puesto', render: (u) => u.kardex?.jobPosition?.name ?? '—', text: (u) => u.kardex?.jobPosition?.name },
        { key: 'contract', title: 'Contrato', render: contractOf, text: contractOf },
        { key: 'status', title: 'Estatus', render: (u) => <StatusTag active={u.status === 'activo'} />, text: (u) => (u.status === 'activo' ? 'Activo' : 'Inactivo') },
      ]}
      detail={(u) => <StaffDetailView id={u.id} />}
      rowActions={[
        { key: 'edit', label: 'Editar', action: 'edit', to: (u) => u.id },
        { key: 'delete', label: 'Eliminar', action: 'delete', danger: true, confirm: { title: (u) => `¿Eliminar a ${fullName(u)} del personal?`, path: (u) => `/user/${u.id}/delete` } },
      ]}
    />
  );
}
