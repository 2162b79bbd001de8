import { Col, Form, InputNumber, Radio, Row } from 'antd';
import { BLOOD_TYPES, EDUCATION_LEVELS, STAFF_GENDERS, STAFF_MARITAL_STATUSES, staffAddressStep, staffPersonalStep } from '../../../domain/staff.schemas';
import { zodRule } from '../../ui/forms';
import { optionsOf, SelectField, TextField } from './fields';
import { EDUCATION_LABELS } from './labels';

/** Step 3, Personales. */
export function PersonalStep() {
  const s = staffPersonalStep;
  return (
    <Row gutter={16}>
      <SelectField schema={s} name="gender" label="Género" options={optionsOf(STAFF_GENDERS)} />
      <SelectField schema={s} name="maritalStatus" label="Estado civil" options={optionsOf(STAFF_MARITAL_STATUSES)} />
      <TextField schema={s} name="nationality" label="Nacionalidad" max={50} />
      <TextField schema={s} name="birthState" label="Estado de nacimiento" max={50} />
      <TextField schema={s} name="birthCity" label="Ciudad de nacimiento" max={50} />
      <TextField schema={s} name="nss" label="NSS" max={11} />
      <TextField schema={s} name="curp" label="CURP" max={18} upper />
      <TextField schema={s} name="rfc" label="RFC" max={13} upper />
      <TextField schema={s} name="ocr" label="OCR" max={13} />
      <Col xs={24} md={8}>
        <Form.Item name="infonavit" label="Infonavit" required rules={[zodRule(s, 'infonavit')]}>
          <Radio.Group
            options={[
              { value: 1, label: 'Sí' },
              { value: 0, label: 'No' },
            ]}
          />
        </Form.Item>
      </Col>
      <SelectField schema={s} name="educationalDegree" label="Grado de estudios" options={optionsOf(EDUCATION_LEVELS, EDUCATION_LABELS)} />
      <TextField schema={s} name="profession" label="Profesión" max={50} />
      <TextField schema={s} name="professionalLicense" label="Cédula profesional" max={20} required={false} />
      <TextField schema={s} name="provisionalProfesionalLicense" label="Cédula provisional" max={20} required={false} />
      <Col xs={24} md={8}>
        <Form.Item name="childrens" label="Hijos" required rules={[zodRule(s, 'childrens')]}>
          <InputNumber min={0} max={30} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <TextField schema={s} name="personalEmail" label="Correo personal" max={100} md={12} />
      <SelectField schema={s} name="bloodType" label="Tipo de sangre" md={12} options={optionsOf(BLOOD_TYPES)} />
      <TextField schema={s} name="diseases" label="Enfermedades" max={255} />
      <TextField schema={s} name="allergies" label="Alergias" max={255} />
      <TextField schema={s} name="drugAllergies" label="Alergias a medicamentos" max={255} />
    </Row>
  );
}

/** Step 4, Domicilio: the current address and the one on the voter card (INE). */
export function AddressStep() {
  const s = staffAddressStep;
  return (
    <Row gutter={16}>
      <TextField schema={s} name="address" label="Domicilio" max={255} md={24} />
      <TextField schema={s} name="city" label="Ciudad" max={50} md={12} />
      <TextField schema={s} name="state" label="Estado" max={50} md={12} />
      <TextField schema={s} name="addressINE" label="Domicilio INE" max={255} md={24} />
      <TextField schema={s} name="cityINE" label="Ciudad INE" max={50} md={12} />
      <TextField schema={s} name="stateINE" label="Estado INE" max={50} md={12} />
    </Row>
  );
}
