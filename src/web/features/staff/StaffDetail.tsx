import type { ReactNode } from 'react';
import { Avatar, Card, Col, Descriptions, Empty, Row, Spin, Tabs, Tag } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { contractLabel, workShiftLabels } from '../../../domain/staff.schemas';
import { formatPhone } from '../../../domain/validation';
import { staffRoutes } from '../../../domain/staff.contract';
import { call } from '../../app/api';
import { formatMoney, fullName } from '../../ui/format';
import { StatusTag } from '../../ui/StatusTag';
import { EDUCATION_LABELS } from './labels';
import { staffPhoto } from './photos';

/** 'YYYY-MM-DD' → 'DD/MM/YYYY' without a time-zone shift (these are calendar dates). */
export const day = (v: string | null | undefined) => (v ? v.slice(0, 10).split('-').reverse().join('/') : '—');
const show = (v: ReactNode) => (v === null || v === undefined || v === '' ? '—' : v);
const yesNo = (v: unknown) => (v === 1 || v === true || v === '1' ? 'Sí' : 'No');

type Item = [label: string, value: ReactNode, span?: number];

function Section({ items, empty = 'Sin información registrada' }: { items: Item[] | null; empty?: string }) {
  if (!items) return <Empty description={empty} />;
  return (
    <Descriptions bordered size="small" column={2}>
      {items.map(([label, value, span]) => (
        <Descriptions.Item key={label} label={label} span={span}>
          {show(value)}
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}

export function StaffDetailView({ id }: { id: string }) {
  const { data: u, isLoading } = useQuery({ queryKey: ['user', id], queryFn: () => call(staffRoutes.get, { params: { id } }) });
  if (isLoading || !u) return <Spin />;
  const k = u.kardex;
  const b = u.bankInformation;
  const p = u.personalData;
  const a = u.address;
  const signatures = [...(u.signatures ?? [])].sort((x, y) => x.number - y.number);
  const contact = (main: boolean) => u.contacts?.find((c) => Boolean(c.main) === main);
  const reference = (main: boolean) => u.jobReferences?.find((r) => Boolean(r.main) === main);
  const mainContact = contact(true);
  const secondaryContact = contact(false);
  const mainReference = reference(true);
  const secondaryReference = reference(false);

  const tabs: { key: string; label: string; items: Item[] | null }[] = [
    {
      key: 'user',
      label: 'Usuario',
      items: [
        ['Nombre', u.name],
        ['Apellido paterno', u.lastName],
        ['Apellido materno', u.motherLastName],
        ['Usuario', u.username],
        ['Rol', u.role?.role],
        ['Estatus', <StatusTag key="s" active={u.status === 'activo'} />],
      ],
    },
    {
      key: 'initial',
      label: 'Iniciales',
      items: k && [
        ['Número de empleado', k.employeeNumber],
        ['Sucursal', k.mainBranch?.name],
        ['Turno', workShiftLabels[k.workShift as keyof typeof workShiftLabels] ?? k.workShift],
        ['Departamento', k.jobPosition?.department?.name],
        ['Puesto', k.jobPosition?.name],
        ['Teléfono', (k.phone ?? []).map(formatPhone).join(', ')],
        ['Fecha de nacimiento', day(k.birthdate)],
        ['Fecha de ingreso', day(k.admissionDate)],
        ['Fecha de baja', day(k.departureDate)],
        ['Fecha de reingreso', day(k.reentryDate)],
        ['Salario', b ? formatMoney(b.salary) : null],
        // ISR is the percentage withheld from a medic's fees, not an amount
        ['ISR', b?.isr !== null && b?.isr !== undefined ? `${Number(b.isr).toLocaleString('es-MX', { maximumFractionDigits: 2 })} %` : null],
        ['Cuenta bancaria', b?.bankAccount],
      ],
    },
    {
      key: 'personal',
      label: 'Personales',
      items: p && [
        ['Género', p.gender],
        ['Estado civil', p.maritalStatus],
        ['Nacionalidad', p.nationality],
        ['Estado de nacimiento', p.birthState],
        ['Ciudad de nacimiento', p.birthCity],
        ['NSS', p.nss],
        ['CURP', p.curp],
        ['RFC', p.rfc],
        ['OCR', p.ocr],
        ['Infonavit', yesNo(p.infonavit)],
        ['Grado de estudios', EDUCATION_LABELS[p.educationalDegree] ?? p.educationalDegree],
        ['Profesión', p.profession],
        ['Cédula profesional', p.professionalLicense],
        ['Cédula provisional', p.provisionalProfesionalLicense],
        ['Hijos', p.childrens],
        ['Correo personal', p.email],
        ['Tipo de sangre', p.bloodType],
        ['Enfermedades', p.diseases],
        ['Alergias', p.allergies],
        ['Alergias a medicamentos', p.drugAllergies],
      ],
    },
    {
      key: 'address',
      label: 'Domicilio',
      items: a && [
        ['Domicilio', a.address, 2],
        ['Ciudad', a.city],
        ['Estado', a.state],
        ['Domicilio INE', a.addressINE, 2],
        ['Ciudad INE', a.cityINE],
        ['Estado INE', a.stateINE],
      ],
    },
    {
      key: 'contacts',
      label: 'Contactos',
      items: u.contacts?.length
        ? [
            ['Nombre (principal)', mainContact?.name],
            ['Parentesco (principal)', mainContact?.relationships],
            ['Teléfono (principal)', formatPhone(mainContact?.phone), 2],
            ['Nombre (secundario)', secondaryContact?.name],
            ['Parentesco (secundario)', secondaryContact?.relationships],
            ['Teléfono (secundario)', formatPhone(secondaryContact?.phone), 2],
          ]
        : null,
    },
    {
      key: 'references',
      label: 'Referencias',
      items: u.jobReferences?.length
        ? [
            ['Empresa (principal)', mainReference?.company],
            ['Puesto (principal)', mainReference?.position],
            ['Jefe (principal)', mainReference?.boss],
            ['Teléfono (principal)', formatPhone(mainReference?.phone)],
            ['Empresa (secundaria)', secondaryReference?.company],
            ['Puesto (secundaria)', secondaryReference?.position],
            ['Jefe (secundaria)', secondaryReference?.boss],
            ['Teléfono (secundaria)', formatPhone(secondaryReference?.phone)],
          ]
        : null,
    },
    {
      key: 'contracts',
      label: 'Contratos',
      items: signatures.length
        ? [1, 2, 3, 4].map((n): Item => [n === 4 ? 'Contrato final (indefinido)' : `Contrato ${n}`, day(signatures.find((s) => s.number === n)?.date)])
        : null,
    },
  ];

  return (
    <Row gutter={16}>
      <Col xs={24} md={6}>
        <Card>
          <div style={{ textAlign: 'center' }}>
            <Avatar size={120} icon={<UserOutlined />} src={staffPhoto(k?.photo)} alt={`Foto: ${fullName(u)}`} />
            <h3 style={{ marginBottom: 0 }}>{fullName(u)}</h3>
            <div style={{ color: '#666' }}>{u.role?.role}</div>
            {k && <div style={{ color: '#666' }}>No. empleado {k.employeeNumber}</div>}
            <div style={{ marginTop: 8 }}>
              <StatusTag active={u.status === 'activo'} />
            </div>
            <Tag color="blue" style={{ marginTop: 8, marginInlineEnd: 0 }}>
              {contractLabel(signatures)}
            </Tag>
          </div>
        </Card>
      </Col>
      <Col xs={24} md={18}>
        <Tabs items={tabs.map((t) => ({ key: t.key, label: t.label, children: <Section items={t.items} /> }))} />
      </Col>
    </Row>
  );
}
