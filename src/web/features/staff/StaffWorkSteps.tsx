import { Col, Form, InputNumber, Row, Switch, type FormInstance } from 'antd';
import type dayjs from 'dayjs';
import { ageOn, todayIn } from '../../../domain/age';
import { ROLE_NAMES } from '../../../domain/roles';
import {
  ISR_REQUIRED,
  isrRequired,
  latestStaffDate,
  STAFF_EARLIEST_DATE,
  STAFF_MAX_AGE,
  STAFF_MIN_AGE,
  staffInitialStep,
  staffUserStep,
  WORK_SHIFTS,
  workShiftLabels,
} from '../../../domain/staff.schemas';
import { useSession } from '../../app/session';
import { zodRule } from '../../ui/forms';
import { SinglePhotoField } from '../../ui/PhotoPicker';
import { MoneyInput } from '../../ui/MoneyInput';
import { DateField, optionsOf, PhoneField, SelectField, TextField } from './fields';
import { toOptions, useBranches, useDepartments, useJobPositions, useRoles } from './lookups';
import type { StaffValues } from './wizard';

/** The calendars offer only what the domain accepts: an age of 14 to 100, work dates from 1950 to a year ahead. */
const implausibleBirthdate = (d: dayjs.Dayjs) => {
  const age = ageOn(d.format('YYYY-MM-DD'), todayIn());
  return age < STAFF_MIN_AGE || age > STAFF_MAX_AGE;
};
const outsideWorkDates = (d: dayjs.Dayjs) => {
  const v = d.format('YYYY-MM-DD');
  return v < STAFF_EARLIEST_DATE || v > latestStaffDate();
};

/** Step 1, Usuario: photo (required on create), names, username, role; the status switch on edit. */
export function UserStep({ editing, readOnly }: { editing: boolean; readOnly: boolean }) {
  const roles = useRoles();
  const myRole = useSession((st) => st.user?.role);
  const roleId = Form.useWatch('roleId') as string | undefined;
  // only a Super Administrador grants that role (the API answers 403 otherwise); a file that already has it still shows its name
  const roleOptions = (roles.data ?? [])
    .filter((r) => r.role !== ROLE_NAMES.superAdmin || myRole === ROLE_NAMES.superAdmin || r.id === roleId)
    .map((r) => ({ value: r.id, label: r.role }));
  const s = staffUserStep;
  return (
    <Row gutter={16}>
      <Col span={24}>
        <SinglePhotoField required={!editing} disabled={readOnly} />
      </Col>
      <TextField schema={s} name="name" label="Nombre" max={50} />
      <TextField schema={s} name="lastName" label="Apellido paterno" max={50} />
      <TextField schema={s} name="motherLastName" label="Apellido materno" max={50} />
      <TextField schema={s} name="username" label="Usuario (correo electrónico)" max={100} md={12} />
      <SelectField schema={s} name="roleId" label="Rol" md={12} options={roleOptions} />
      {editing && (
        <Col xs={24} md={8}>
          <Form.Item
            name="status"
            label="Estatus"
            required
            valuePropName="checked"
            getValueProps={(v?: string) => ({ checked: v === 'activo' })}
            normalize={(checked: boolean) => (checked ? 'activo' : 'inactivo')}
          >
            <Switch checkedChildren="Activo" unCheckedChildren="Inactivo" aria-label="Estatus" />
          </Form.Item>
        </Col>
      )}
    </Row>
  );
}

/** Step 2, Iniciales: the kardex and bank data; the job position fixes the department and may require ISR. */
export function InitialStep({ editing, form }: { editing: boolean; form: FormInstance<StaffValues> }) {
  const branches = useBranches();
  const departments = useDepartments();
  const positions = useJobPositions();
  const positionId = Form.useWatch('jobPositionId', form) as string | undefined;
  const position = positions.data?.find((p) => p.id === positionId);
  const needsIsr = isrRequired(position?.name);
  const s = staffInitialStep;

  const choosePosition = (id: string) => {
    const chosen = positions.data?.find((p) => p.id === id);
    form.setFieldValue('departmentId', chosen?.department.id);
    form.setFields([{ name: 'departmentId', errors: [] }]);
    // ISR may have become optional (or required): clear a stale message
    form.setFields([{ name: 'isr', errors: [] }]);
  };

  return (
    <Row gutter={16}>
      <TextField schema={s} name="employeeNumber" label="Número de empleado" max={6} />
      <SelectField schema={s} name="branchId" label="Sucursal" options={toOptions(branches.data)} />
      <SelectField schema={s} name="workShift" label="Turno" options={optionsOf(WORK_SHIFTS, workShiftLabels)} />
      <SelectField schema={s} name="jobPositionId" label="Puesto" md={12} options={toOptions(positions.data)} onChange={choosePosition} />
      <SelectField schema={s} name="departmentId" label="Departamento" md={12} disabled options={toOptions(departments.data)} />
      <DateField schema={s} name="birthdate" label="Fecha de nacimiento" disabledDate={implausibleBirthdate} />
      <DateField schema={s} name="admissionDate" label="Fecha de ingreso" disabledDate={outsideWorkDates} />
      <PhoneField schema={s} name="phone" label="Teléfono" />
      {editing && (
        <>
          <DateField schema={s} name="departureDate" label="Fecha de baja" required={false} disabledDate={outsideWorkDates} dependencies={['admissionDate']} />
          <DateField
            schema={s}
            name="reentryDate"
            label="Fecha de reingreso"
            required={false}
            disabledDate={outsideWorkDates}
            dependencies={['departureDate']}
          />
        </>
      )}
      <Col xs={24} md={8}>
        <Form.Item name="salary" label="Salario" required rules={[zodRule(s, 'salary')]}>
          <MoneyInput min={1} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item
          name="isr"
          label="ISR"
          required={needsIsr}
          rules={[zodRule(s, 'isr'), { required: needsIsr, message: ISR_REQUIRED }]}
          extra={needsIsr ? 'Porcentaje (0 a 100), requerido para puestos médicos' : 'Porcentaje (0 a 100)'}
        >
          <InputNumber min={0} precision={2} suffix="%" style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <TextField schema={s} name="bankAccount" label="Cuenta bancaria" max={18} />
    </Row>
  );
}
