import { Tag } from 'antd';
import { formatPhone } from '../../../domain/validation';
import { useSession } from '../../app/session';
import { ROLE_NAMES } from '../../../domain/roles';
import { filterCatalogue } from '../../ui/filters';
import { ListPage } from '../../ui/ListPage';
import { CustomerDetail } from './CustomerDetail';
import type { CustomerListItem as Customer } from '../../../domain/customers.contract';

const upper = (s: string | null) => (s ?? '').toUpperCase();
export const mobileOf = (c: Customer) => c.mobilePhone ?? c.tutor?.mobilePhone ?? null;

export default function CustomersPage() {
  const role = useSession((s) => s.user?.role);
  return (
    <ListPage<Customer>
      title="Clientes"
      resource="customer"
      module="clients"
      exportName="clientes"
      createPath="crear"
      detailTitle="Cliente"
      detailWidth={1200}
      canExport={role === ROLE_NAMES.superAdmin}
      searchFields={[
        { value: 'name', label: 'Nombre' },
        { value: 'phone', label: 'Teléfono' },
        { value: 'email', label: 'Correo' },
        { value: 'customerId', label: 'Número' },
      ]}
      // the registry branch filter shows only with clients.approve (section 2, filter visibility)
      filters={[
        filterCatalogue.status(),
        filterCatalogue.blacklist(),
        filterCatalogue.gender(),
        filterCatalogue.maritalStatus(),
        filterCatalogue.branch('clients'),
      ]}
      columns={[
        { key: 'customerId', title: 'Número', sortField: 'customerId', width: 100 },
        { key: 'name', title: 'Nombre', sortField: 'name' },
        { key: 'lastName', title: 'Apellido paterno', sortField: 'lastName', render: (c) => upper(c.lastName), text: (c) => upper(c.lastName) },
        { key: 'motherLastName', title: 'Apellido materno', render: (c) => upper(c.motherLastName), text: (c) => upper(c.motherLastName) },
        { key: 'points', title: 'Puntos', sortField: 'points' },
        { key: 'gender', title: 'Género', sortField: 'gender' },
        {
          key: 'mobilePhone',
          title: 'Celular',
          render: (c) => (
            <>
              {formatPhone(mobileOf(c))}
              {!c.mobilePhone && c.tutor && <Tag style={{ marginLeft: 6 }}>Tutor</Tag>}
              {c.blackList && (
                <Tag color="red" style={{ marginLeft: 6 }}>
                  Lista negra
                </Tag>
              )}
            </>
          ),
          text: (c) => formatPhone(mobileOf(c)),
        },
      ]}
      detail={(c) => <CustomerDetail id={c.id} />}
      rowActions={[
        { key: 'edit', label: 'Editar', action: 'edit', to: (c) => c.id },
        {
          key: 'delete',
          label: 'Eliminar',
          action: 'delete',
          danger: true,
          confirm: { title: (c) => `¿Eliminar al cliente ${c.name} ${c.lastName}?`, path: (c) => `/customer/${c.id}/delete` },
        },
      ]}
    />
  );
}
