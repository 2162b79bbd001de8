import { Descriptions } from 'antd';
import { payConditionLabel, regimeLabels } from '../../../domain/providers.schemas';
import { formatPhone } from '../../../domain/validation';
import { filterCatalogue } from '../../ui/filters';
import { formatDate } from '../../ui/format';
import { ListPage } from '../../ui/ListPage';
import { searchBy } from '../../ui/list-search';
import { editDeleteActions } from '../../ui/list-actions';
import { statusColumn, textColumn } from '../../ui/list-columns';
import { StatusTag } from '../../ui/StatusTag';
import type { Provider } from '../../../domain/providers.contract';

const dash = (v: string | null | undefined) => v || '—';

/** Every field of the provider (the list's detail modal). */
function ProviderDetail({ provider: p }: { provider: Provider }) {
  const address = [p.address, p.city, p.state, p.country, p.zipCode && `C.P. ${p.zipCode}`].filter(Boolean).join(', ');
  return (
    <Descriptions
      bordered
      size="small"
      column={2}
      items={[
        { key: 'name', label: 'Nombre', children: p.name },
        { key: 'active', label: 'Estatus', children: <StatusTag active={p.active} /> },
        { key: 'tradename', label: 'Razón social', span: 2, children: p.tradename },
        { key: 'rfc', label: 'RFC', children: dash(p.rfc) },
        { key: 'regime', label: 'Régimen', children: regimeLabels[p.regime] ?? p.regime },
        { key: 'address', label: 'Dirección', span: 2, children: dash(address) },
        { key: 'email', label: 'Correo electrónico', span: 2, children: dash(p.email) },
        { key: 'phone', label: 'Teléfono', children: formatPhone(p.phone) },
        { key: 'mobilePhone', label: 'Celular', children: formatPhone(p.mobilePhone) },
        { key: 'contactName', label: 'Contacto', span: 2, children: p.contactName },
        { key: 'payConditions', label: 'Condiciones de pago', children: payConditionLabel(p.payConditions) },
        { key: 'deliveryTime', label: 'Tiempo de entrega', children: dash(p.deliveryTime) },
        { key: 'bank', label: 'Banco', children: dash(p.bank) },
        { key: 'bankAccount', label: 'Cuenta bancaria', children: dash(p.bankAccount) },
        { key: 'clabeAccount', label: 'CLABE', span: 2, children: dash(p.clabeAccount) },
        { key: 'created_at', label: 'Fecha de creación', span: 2, children: formatDate(p.created_at) },
      ]}
    />
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
      searchFields={searchBy({ name: 'Nombre', tradename: 'Razón social', contactName: 'Contacto' })}
      filters={[filterCatalogue.status(), filterCatalogue.payCondition()]}
      columns={[
        { key: 'name', title: 'Nombre', sortField: 'name' },
        { key: 'tradename', title: 'Razón social', sortField: 'tradename', maxWidth: 200 },
        { key: 'contactName', title: 'Contacto', sortField: 'contactName' },
        textColumn('payConditions', 'Condiciones de pago', (p) => payConditionLabel(p.payConditions), { sort: true }),
        statusColumn('active', (p) => p.active),
      ]}
      // a deleted provider is only shown, never edited nor deleted again
      rowActions={editDeleteActions(
        'provider',
        (p) => `¿Eliminar el proveedor "${p.name}"?`,
        (p) => Boolean(p.deleted_at),
      )}
    />
  );
}
