import { Button, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { roleRoutes, type Role } from '../../../domain/roles.contract';
import { call } from '../../app/api';
import { useCan } from '../../app/privileges';

export default function RolesPage() {
  const navigate = useNavigate();
  const can = useCan();
  const { data, isLoading } = useQuery({ queryKey: ['roles'], queryFn: () => call(roleRoutes.list) });
  return (
    <div>
      <div className="page-title">
        <h2>Roles y privilegios</h2>
        {can('roles', 'create') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('crear')}>
            Nuevo
          </Button>
        )}
      </div>
      <Table<Role>
        rowKey="id"
        loading={isLoading}
        dataSource={data ?? []}
        pagination={false}
        columns={[
          {
            key: 'name',
            title: 'Rol',
            render: (_, r) => (
              <button type="button" className="link-cell" onClick={() => navigate(r.id)}>
                {r.name}
              </button>
            ),
          },
          { key: 'users', title: 'Usuarios', dataIndex: 'usersCount', align: 'right' },
          { key: 'modules', title: 'Módulos con acceso', render: (_, r) => Object.keys(r.privileges).length },
          {
            key: 'scope',
            title: 'Alcance',
            render: (_, r) => (r.branchBound ? <Tag color="orange">Sólo su sucursal</Tag> : <Tag color="blue">Todas las sucursales</Tag>),
          },
          { key: 'limit', title: 'Límite de cancelaciones', render: (_, r) => (r.extendedCancellationLimit ? 4 : 3) },
        ]}
      />
    </div>
  );
}
