import { useEffect, useMemo, useState } from 'react';
import { Alert, Checkbox, Form, Input, Switch, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ACTIONS, actionLabels, MODULES, MODULE_KEYS, type Action, type ModuleKey } from '../../../domain/privileges';
import { roleRoutes } from '../../../domain/roles.contract';
import { roleSchema, type RoleInput } from '../../../domain/roles.schemas';
import { call } from '../../app/api';
import { isMissingRecord } from '../../app/load-errors';
import { useCan } from '../../app/privileges';
import { FormPage } from '../../ui/FormPage';
import { zodRule } from '../../ui/forms';

type Matrix = Record<string, Action[]>;

/** Module × action matrix: clinics change who may do what without a programmer. */
export default function RoleEditorPage() {
  const { id } = useParams();
  const can = useCan();
  const [form] = Form.useForm<RoleInput>();
  const [edited, setMatrix] = useState<Matrix | null>(null);
  const role = useQuery({
    queryKey: ['role', id],
    queryFn: () => call(roleRoutes.get, { params: { id: id! } }),
    enabled: Boolean(id),
    throwOnError: isMissingRecord,
  });
  const matrix: Matrix = edited ?? (role.data?.privileges as Matrix | undefined) ?? {};

  useEffect(() => {
    if (role.data)
      form.setFieldsValue({ name: role.data.name, branchBound: role.data.branchBound, extendedCancellationLimit: role.data.extendedCancellationLimit });
  }, [role.data, form]);

  const toggle = (module: ModuleKey, action: Action, on: boolean) =>
    setMatrix((previous) => {
      const m = previous ?? matrix;
      const actions = new Set(m[module] ?? []);
      if (on) actions.add(action);
      else actions.delete(action);
      return { ...m, [module]: ACTIONS.filter((a) => actions.has(a)) };
    });
  const toggleRow = (module: ModuleKey, on: boolean) => setMatrix((current) => ({ ...(current ?? matrix), [module]: on ? [...ACTIONS] : [] }));

  const rows = useMemo(() => MODULE_KEYS.map((key) => ({ key, label: MODULES[key] })), []);
  const readOnly = !can('roles', id ? 'edit' : 'create');

  return (
    <FormPage<RoleInput>
      title={id ? `Privilegios de ${role.data?.name ?? ''}` : 'Nuevo rol'}
      form={form}
      backTo="/dashboard/roles"
      invalidate={['roles', 'role']}
      loading={role.isLoading}
      readOnly={readOnly}
      initialValues={{ branchBound: false, extendedCancellationLimit: false }}
      onSubmit={(values) => {
        const body = { ...values, privileges: matrix };
        return id ? call(roleRoutes.update, { params: { id }, body }) : call(roleRoutes.create, { body });
      }}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="Los cambios se aplican a cada usuario la próxima vez que se renueve su sesión (a más tardar en 15 minutos)."
      />
      <Form.Item name="name" label="Nombre del rol" required rules={[zodRule(roleSchema, 'name')]}>
        <Input maxLength={60} style={{ maxWidth: 360 }} />
      </Form.Item>
      <Form.Item name="branchBound" label="Limitado a su sucursal" valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="extendedCancellationLimit" label="Puede agendar con hasta 4 cancelaciones del cliente" valuePropName="checked">
        <Switch />
      </Form.Item>
      <Table
        className="privilege-matrix"
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={rows}
        scroll={{ x: 'max-content', y: 480 }}
        style={{ marginBottom: 16 }}
        columns={[
          {
            key: 'module',
            title: 'Módulo',
            fixed: 'left',
            width: 220,
            render: (_, r) => (
              <Checkbox
                disabled={readOnly}
                checked={(matrix[r.key]?.length ?? 0) === ACTIONS.length}
                indeterminate={(matrix[r.key]?.length ?? 0) > 0 && (matrix[r.key]?.length ?? 0) < ACTIONS.length}
                onChange={(e) => toggleRow(r.key, e.target.checked)}
              >
                {r.label}
              </Checkbox>
            ),
          },
          ...ACTIONS.map((action) => ({
            key: action,
            title: actionLabels[action],
            align: 'center' as const,
            render: (_: unknown, r: { key: ModuleKey; label: string }) => (
              <Checkbox
                aria-label={`${r.label}: ${actionLabels[action]}`}
                disabled={readOnly}
                checked={matrix[r.key]?.includes(action) ?? false}
                onChange={(e) => toggle(r.key, action, e.target.checked)}
              />
            ),
          })),
        ]}
      />
    </FormPage>
  );
}
