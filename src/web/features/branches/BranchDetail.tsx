import { Descriptions, Divider, Tag } from 'antd';
import type { Branch } from '../../../domain/branches.contract';
import { zoneLabels } from '../../../domain/branches.schemas';
import type { BranchZone } from '../../../domain/dates';
import { formatPhone } from '../../../domain/validation';
import { formatDate } from '../../ui/format';
import { StatusTag } from '../../ui/StatusTag';
import { WeekView } from './ScheduleEditor';

const yesNo = (v: boolean) => (v ? 'Sí' : 'No');

/** Every field of the branch and its week (the list's detail modal). */
export function BranchDetail({ branch: b }: { branch: Branch }) {
  const address = [`${b.street} ${b.extNumber}${b.intNumber ? ` int. ${b.intNumber}` : ''}`, b.suburb, `${b.city}, ${b.state}`, `C.P. ${b.zipCode}`].join(', ');
  return (
    <>
      <Descriptions bordered size="small" column={2}>
        <Descriptions.Item label="Nombre">{b.name}</Descriptions.Item>
        <Descriptions.Item label="Código">{b.code}</Descriptions.Item>
        <Descriptions.Item label="Razón social" span={2}>
          {b.businessName}
        </Descriptions.Item>
        <Descriptions.Item label="RFC">{b.rfc}</Descriptions.Item>
        <Descriptions.Item label="Zona">{`${zoneLabels[b.zone as BranchZone] ?? b.zone} (${b.timeZone})`}</Descriptions.Item>
        <Descriptions.Item label="Dirección" span={2}>
          {address}
        </Descriptions.Item>
        <Descriptions.Item label="Teléfono">{formatPhone(b.phone) || '—'}</Descriptions.Item>
        <Descriptions.Item label="Celular">{formatPhone(b.mobilePhone)}</Descriptions.Item>
        <Descriptions.Item label="Latitud">{b.lat ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Longitud">{b.lng ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Google Maps" span={2}>
          {b.googleMapsUrl ? (
            <a href={b.googleMapsUrl} target="_blank" rel="noreferrer">
              Ver ubicación
            </a>
          ) : (
            '—'
          )}
        </Descriptions.Item>
        <Descriptions.Item label="Estatus">
          <StatusTag active={b.active} />
        </Descriptions.Item>
        <Descriptions.Item label="Franquicia">{yesNo(b.franchise)}</Descriptions.Item>
        <Descriptions.Item label="Visible para clientes">{yesNo(b.showInClients)}</Descriptions.Item>
        <Descriptions.Item label="Centro de distribución">{b.distributionCenter ? <Tag color="purple">Sí</Tag> : 'No'}</Descriptions.Item>
        <Descriptions.Item label="Descripción" span={2}>
          {b.description || '—'}
        </Descriptions.Item>
        <Descriptions.Item label="Nota" span={2}>
          {b.note || '—'}
        </Descriptions.Item>
        <Descriptions.Item label="Fecha de creación" span={2}>
          {formatDate(b.created_at)}
        </Descriptions.Item>
      </Descriptions>
      <Divider titlePlacement="start" style={{ margin: '16px 0 8px' }}>
        Horario
      </Divider>
      <WeekView schedules={b.schedules} />
    </>
  );
}
