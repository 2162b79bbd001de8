import { Divider, Row } from 'antd';
import { staffContactsStep, staffContractsStep, staffReferencesStep } from '../../../domain/staff.schemas';
import { DateField, PhoneField, TextField } from './fields';

// a secondary group is all or nothing: a change in one of its fields re-checks the others
const SECONDARY_CONTACT = ['secondaryContactName', 'secondaryContactRelationship', 'secondaryContactPhone'];
const SECONDARY_REFERENCE = ['secondaryJobReferenceName', 'secondaryJobReferencePosition', 'secondaryJobReferenceBoss', 'secondaryJobReferencePhone'];

/** Step 5, Contactos: a principal emergency contact and an optional secondary one. */
export function ContactsStep() {
  const s = staffContactsStep;
  return (
    <>
      <Divider titlePlacement="start">Contacto principal</Divider>
      <Row gutter={16}>
        <TextField schema={s} name="mainContactName" label="Nombre" max={100} />
        <TextField schema={s} name="mainContactRelationship" label="Parentesco" max={50} />
        <PhoneField schema={s} name="mainContactPhone" label="Teléfono" />
      </Row>
      <Divider titlePlacement="start">Contacto secundario</Divider>
      <Row gutter={16}>
        <TextField schema={s} name="secondaryContactName" label="Nombre" max={100} required={false} dependencies={SECONDARY_CONTACT} />
        <TextField schema={s} name="secondaryContactRelationship" label="Parentesco" max={50} required={false} dependencies={SECONDARY_CONTACT} />
        <PhoneField schema={s} name="secondaryContactPhone" label="Teléfono" required={false} dependencies={SECONDARY_CONTACT} />
      </Row>
    </>
  );
}

/** Step 6, Referencias: the principal job reference and an optional secondary one. */
export function ReferencesStep() {
  const s = staffReferencesStep;
  return (
    <>
      <Divider titlePlacement="start">Referencia principal</Divider>
      <Row gutter={16}>
        <TextField schema={s} name="mainJobReferenceName" label="Empresa" max={80} md={12} />
        <TextField schema={s} name="mainJobReferencePosition" label="Puesto" max={80} md={12} />
        <TextField schema={s} name="mainJobReferenceBoss" label="Jefe inmediato" max={80} md={12} />
        <PhoneField schema={s} name="mainJobReferencePhone" label="Teléfono" md={12} />
      </Row>
      <Divider titlePlacement="start">Referencia secundaria</Divider>
      <Row gutter={16}>
        <TextField schema={s} name="secondaryJobReferenceName" label="Empresa" max={80} md={12} required={false} dependencies={SECONDARY_REFERENCE} />
        <TextField schema={s} name="secondaryJobReferencePosition" label="Puesto" max={80} md={12} required={false} dependencies={SECONDARY_REFERENCE} />
        <TextField schema={s} name="secondaryJobReferenceBoss" label="Jefe inmediato" max={80} md={12} required={false} dependencies={SECONDARY_REFERENCE} />
        <PhoneField schema={s} name="secondaryJobReferencePhone" label="Teléfono" md={12} required={false} dependencies={SECONDARY_REFERENCE} />
      </Row>
    </>
  );
}

/** Step 7, Contratos: the signature dates of contracts 1 to 4 (4 = final, indefinite). */
export function ContractsStep() {
  const s = staffContractsStep;
  return (
    <Row gutter={16}>
      <DateField schema={s} name="sign1" label="Firma del contrato 1" md={12} />
      <DateField schema={s} name="sign2" label="Firma del contrato 2" md={12} required={false} />
      <DateField schema={s} name="sign3" label="Firma del contrato 3" md={12} required={false} />
      <DateField schema={s} name="sign4" label="Firma del contrato 4 (final, indefinido)" md={12} required={false} />
    </Row>
  );
}
