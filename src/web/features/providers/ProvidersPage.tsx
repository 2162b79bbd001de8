import { Descriptions } from 'antd';
import { payConditionLabel, regimeLabels } from '../../../domain/providers.schemas';
import { formatPhone } from '../../../domain/validation';
import { filterCatalogue } from '../../ui/filters';
import { formatDate } from '../../ui/format';
import { ListPage } from '../../ui/ListPage';
import { StatusTag } from '../../ui/StatusTag';
import type { Provider } from '../../../domain/providers.contract';

const dash = (v: string | null | undefined) => v || '—';

/** Every field of the provider (the list's detail modal). */
function ProviderDetail({ provider: p }: { provider: Provider }) {
  const address = [p.address, p.city, p.state, p.country, p.zipCode && `C.P. ${p.zipCode}`].filter(Boolean).join(', ');
  return (
    <Descriptions bordered size="small" column={2}>
      <Descriptions.Item label="Nombre">{p.name}</Descriptions.Item>
      <Descriptions.Item label="Estatus">
        <StatusTag active={p.active} />
      </Descriptions.Item>
      <Descriptions.Item label="Razón social" span={2}>
        {p.tradename}
      </Descriptions.Item>
      <Descriptions.Item label="RFC">{dash(p.rfc)}</Descriptions.Item>
      <Descriptions.Item label="Régimen">{regimeLabels[p.regime] ?? p.regime}</Descriptions.Item>
      <Descriptions.Item label="Dirección" span={2}>
        {dash(address)}
      </Descriptions.Item>
      <Descriptions.Item label="Correo electrónico" span={2}>
        {dash(p.email)}
      </Descriptions.Item>
      <Descriptions.Item label="Teléfono">{formatPhone(p.phone)}</Descriptions.Item>
      <Descriptions.Item label="Celular">{formatPhone(p.mobilePhone)}</Descriptions.Item>
      <Descriptions.Item label="Contacto" span={2}>
        {p.contactName}
      </Descriptions.Item>
      <Descriptions.Item label="Condiciones de pago">{payConditionLabel(p.payConditions)}</Descriptions.Item>
      <Descriptions.Item label="Tiempo de entrega">{dash(p.deliveryTime)}</Descriptions.Item>
      <Descriptions.Item label="Banco">{dash(p.bank)}</Descriptions.Item>
      <Descriptions.Item label="Cuenta bancaria">{dash(p.bankAccount)}</Descriptions.Item>
      <Descriptions.Item label="CLABE" span={2}>
        {dash(p.clabeAccount)}
      </Descriptions.Item>
      <Descriptions.Item label="Fecha de creación" span={2}>
        {formatDate(p.created_at)}
      </Descriptions.Item>
    </Descriptions>
  );
}

export default function ProvidersPage() {
  return (
    <ListPage<Provider>
      title="Proveedores"
      resource="provider"
      module="providers"
      exportName="proveedores"
      createPath="crear"
      detailTitle="Proveedor"
      detailWidth={760}
      detail={(p) => <ProviderDetail provider={p} />}
      searchFields={[
        { value: 'name', label: 'Nombre' },
        { value: 'tradename', label: 'Razón social' },
        { value: 'contactName', label: 'Contacto' },
      ]}
      filters={[filterCatalogue.status(), filterCatalogue.payCondition()]}
      columns={[
        { key: 'name', title: 'Nombre', sortField: 'name' },
        { key: 'tradename', title: 'Razón social', sortField: 'tradename' },
        { key: 'contactName', title: 'Contacto', sortField: 'contactName' },
        {
          key: 'payConditions',
          title: 'Condiciones de pago',
          sortField: 'payConditions',
          render: (p) => payConditionLabel(p.payConditions),
          text: (p) => payConditionLabel(p.payConditions),
        },
        {
          key: 'active',
          title: 'Estatus',
          sortField: 'active',
          render: (p) => <StatusTag active={p.active} />,
          text: (p) => (p.active ? 'Activo' : 'Inactivo'),
        },
      ]}
      rowActions={[
        { key: 'edit', label: 'Editar', action: 'edit', to: (p) => p.id, hidden: (p) => Boolean(p.deleted_at) },
        {
          key: 'delete',
          label: 'Eliminar',
          action: 'delete',
          danger: true,
          hidden: (p) => Boolean(p.deleted_at),
          confirm: { title: (p) => `¿Eliminar el proveedor "${p.name}"?`, path: (p) => `/provider/${p.id}/delete` },
        },
      ]}
    />
  );
}
