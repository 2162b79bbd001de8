import { Avatar, Space } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import type { StaffRow } from '../../../domain/staff.contract';
import { contractLabel } from '../../../domain/staff.schemas';
import { filterCatalogue, statusFilter } from '../../ui/filters';
import { Clipped } from '../../ui/Clipped';
import { fullName } from '../../ui/format';
import { ListPage } from '../../ui/ListPage';
import { searchBy } from '../../ui/list-search';
import { editDeleteActions } from '../../ui/list-actions';
import { statusColumn } from '../../ui/list-columns';
import { StaffDetailView } from './StaffDetail';
import { staffThumbnail } from './photos';

/** The server sends the label; the domain rule rebuilds it if an older answer lacks it. */
const contractOf = (u: StaffRow) => (u.contract ? (u.contract.label ?? contractLabel([u.contract])) : 'Sin contrato');

/**
 * Column widths (px) that fit the list beside the menu at 1440 px without sideways scrolling: long
 * values are cut with an ellipsis (full text in a tooltip), the contract label wraps onto two lines.
 * Contract and status come before role and username, so a narrower screen hides the e-mail first.
 */
// the columns and 'Opciones' fit 1366 px beside the 240 px menu
const W = { number: 88, name: 180, position: 125, branch: 110, contract: 118, status: 84, role: 120, username: 140 };
const PADDING = 16;

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
      searchFields={searchBy({ name: 'Nombre', username: 'Usuario', employeeNumber: 'No. empleado' })}
      // the staff status travels as activo / inactivo, not as the usual 1 / 0
      filters={[
        statusFilter('activo', 'inactivo'),
        filterCatalogue.branch('users'),
        filterCatalogue.role(),
        filterCatalogue.department(),
        filterCatalogue.jobPosition(),
      ]}
      columns={[
        {
          key: 'employeeNumber',
          title: 'Número',
          width: W.number,
          sortField: 'employeeNumber',
          render: (u) => u.kardex?.employeeNumber ?? '—',
          text: (u) => u.kardex?.employeeNumber,
        },
        {
          key: 'name',
          title: 'Nombre',
          width: W.name,
          sortField: 'name',
          render: (u) => (
            <Space size={8} style={{ maxWidth: W.name - PADDING }}>
              <Avatar size={32} src={staffThumbnail(u.kardex?.photo)} icon={<UserOutlined />} alt={`Foto: ${fullName(u)}`} style={{ flex: 'none' }} />
              <Clipped width={W.name - 40 - PADDING} title={fullName(u)} content={fullName(u)} />
            </Space>
          ),
          text: fullName,
        },
        {
          key: 'jobPosition',
          title: 'Puesto',
          width: W.position,
          maxWidth: W.position - PADDING,
          render: (u) => u.kardex?.jobPosition?.name ?? '—',
          text: (u) => u.kardex?.jobPosition?.name,
        },
        {
          key: 'branch',
          title: 'Sucursal',
          width: W.branch,
          maxWidth: W.branch - PADDING,
          render: (u) => u.mainBranch?.name ?? '—',
          text: (u) => u.mainBranch?.name,
        },
        {
          key: 'contract',
          title: 'Contrato',
          width: W.contract,
          // "Contrato 2 (15/04/2024)" breaks before the date instead of widening the column
          render: (u) => <div style={{ maxWidth: W.contract - PADDING, whiteSpace: 'normal', lineHeight: 1.3 }}>{contractOf(u)}</div>,
          text: contractOf,
        },
        statusColumn('status', (u) => u.status === 'activo', { sort: false, width: W.status }),
        { key: 'role', title: 'Rol', width: W.role, maxWidth: W.role - PADDING, render: (u) => u.role?.role ?? '—', text: (u) => u.role?.role },
        {
          key: 'username',
          title: 'Usuario',
          width: W.username,
          sortField: 'username',
          maxWidth: W.username - PADDING,
          render: (u) => u.username ?? '—',
          text: (u) => u.username,
        },
      ]}
      detail={(u) => <StaffDetailView id={u.id} />}
      rowActions={editDeleteActions('user', (u) => `¿Eliminar a ${fullName(u)} del personal?`)}
    />
  );
}
