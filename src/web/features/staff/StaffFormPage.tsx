import { useState, type KeyboardEvent } from 'react';
import { Button, Form, Steps } from 'antd';
import { DEFAULT_NATIONALITY, STAFF_STEPS, staffPositionIssues, staffSchema } from '../../../domain/staff.schemas';
import { staffRoutes } from '../../../domain/staff.contract';
import { ApiError, call } from '../../app/api';
import { FormPage } from '../../ui/FormPage';
import { parseForm } from '../../ui/forms';
import { useRecordForm } from '../../ui/form-record';
import { uploadPhotos } from '../../ui/PhotoPicker';
import { useJobPositions } from './lookups';
import { ContactsStep, ContractsStep, ReferencesStep } from './StaffContactSteps';
import { AddressStep, PersonalStep } from './StaffPersonalSteps';
import { InitialStep, UserStep } from './StaffWorkSteps';
import { stepOf, STEP_FIELDS, toFormValues, type StaffValues } from './wizard';

const LAST = STAFF_STEPS.length - 1;

/**
 * The seven-step staff wizard (/dashboard/personal/crear and /{id}): Siguiente checks only the step on
 * screen, Atrás and the earlier step titles never check, Guardar (last step) checks everything and
 * jumps to the step of the first wrong field, ours or the server's.
 */
export default function StaffFormPage() {
  const [form] = Form.useForm<StaffValues>();
  const { id, editing, readOnly, page } = useRecordForm(form, {
    key: 'user',
    load: (id) => call(staffRoutes.get, { params: { id } }),
    toValues: toFormValues,
    module: 'users',
  });
  const [step, setStep] = useState(0);
  const [reached, setReached] = useState(0);
  const [saving, setSaving] = useState(false);
  const positions = useJobPositions();

  // an existing file is complete: every step can be opened from the start
  const furthest = editing ? LAST : reached;

  const go = (i: number) => {
    setStep(i);
    setReached((r) => Math.max(r, i));
    window.scrollTo({ top: 0 });
  };

  const next = async () => {
    if (!readOnly) {
      try {
        await form.validateFields(STEP_FIELDS[step]);
      } catch {
        return;
      }
    }
    go(step + 1);
  };

  const jumpToFirstError = () => {
    const wrong = form.getFieldsError().find((f) => f.errors.length);
    if (wrong) setStep(stepOf(wrong.name[0]));
  };

  const save = async () => {
    try {
      await form.validateFields();
    } catch {
      jumpToFirstError();
      return;
    }
    form.submit();
  };

  const submit = () => {
    const raw = form.getFieldsValue(true);
    const values = parseForm(staffSchema, raw, form);
    if (!values) {
      jumpToFirstError();
      return false;
    }
    const position = positions.data?.find((p) => p.id === values.jobPositionId);
    const issues = position ? staffPositionIssues(values, { name: position.name, departmentId: position.department.id }) : [];
    if (issues.length) {
      form.setFields(issues.map((i) => ({ name: i.field, errors: [i.message] })));
      setStep(stepOf(issues[0].field));
      return false;
    }
    setSaving(true);
    return (async () => {
      try {
        const saved = editing ? await call(staffRoutes.update, { params: { id: id! }, body: values }) : await call(staffRoutes.create, { body: values });
        await uploadPhotos(`/user/${saved.id}/photo`, raw.photos);
      } catch (err) {
        const field = err instanceof ApiError ? err.errors?.find((e) => e.field)?.field : undefined;
        if (field) setStep(stepOf(field));
        throw err;
      } finally {
        setSaving(false);
      }
    })();
  };

  // Enter in a text field moves on like Siguiente (pickers and selects keep their own Enter)
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    if (e.key !== 'Enter' || target.tagName !== 'INPUT' || target.closest('.ant-select, .ant-picker')) return;
    e.preventDefault();
    if (step < LAST) void next();
  };

  const panes = [
    <UserStep key="user" editing={editing} readOnly={readOnly} />,
    <InitialStep key="initial" editing={editing} form={form} />,
    <PersonalStep key="personal" />,
    <AddressStep key="address" />,
    <ContactsStep key="contacts" />,
    <ReferencesStep key="references" />,
    <ContractsStep key="contracts" />,
  ];

  return (
    <FormPage<StaffValues>
      {...page}
      title={editing ? 'Editar personal' : 'Nuevo personal'}
      backTo="/dashboard/personal"
      initialValues={{ photos: [], nationality: DEFAULT_NATIONALITY, status: 'activo' }}
      onSubmit={submit}
      actions={
        <>
          {step > 0 && (
            <Button onClick={() => setStep(step - 1)} disabled={false}>
              Atrás
            </Button>
          )}
          {step < LAST && (
            <Button type="primary" onClick={() => void next()} disabled={false}>
              Siguiente
            </Button>
          )}
          {step === LAST && !readOnly && (
            <Button type="primary" loading={saving} onClick={() => void save()}>
              Guardar
            </Button>
          )}
        </>
      }
    >
      <Steps
        size="small"
        current={step}
        style={{ marginBottom: 24 }}
        onChange={(i) => i <= furthest && setStep(i)}
        items={STAFF_STEPS.map((s, i) => ({ title: s.title, disabled: i > furthest }))}
      />
      <div onKeyDown={onKeyDown}>
        {panes.map((pane, i) => (
          // every step stays mounted (hidden) so the whole wizard is one form with one set of values
          <div key={i} hidden={i !== step} data-step={STAFF_STEPS[i].key}>
            {pane}
          </div>
        ))}
      </div>
    </FormPage>
  );
}
