import { Tag } from 'antd';
import { formatPhone } from '../../../domain/validation';
import { useSession } from '../../app/session';
import { ROLE_NAMES } from '../../../domain/roles';
import { filterCatalogue } from '../../ui/filters';
import { ListPage } from '../../ui/ListPage';
import { searchBy } from '../../ui/list-search';
import { editDeleteActions } from '../../ui/list-actions';
import { textColumn } from '../../ui/list-columns';
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
      searchFields={searchBy({ name: 'Nombre', phone: 'Teléfono', email: 'Correo', customerId: 'Número' })}
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
        textColumn('lastName', 'Apellido paterno', (c) => upper(c.lastName), { sort: true }),
        textColumn('motherLastName', 'Apellido materno', (c) => upper(c.motherLastName)),
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
        // the booking form opens with the customer chosen: the receptionist picks the cabin, day and time
        { key: 'book', label: 'Agendar', action: 'create', module: 'dairy', to: (c) => `/dashboard/agenda/crear?customerId=${c.id}` },
        ...editDeleteActions<Customer>('customer', (c) => `¿Eliminar al cliente ${c.name} ${c.lastName}?`),
      ]}
    />
  );
}
