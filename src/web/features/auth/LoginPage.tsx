import { useState } from 'react';
import { Button, Checkbox, Form, Input, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { signInSchema } from '../../../domain/auth.schemas';
import { api } from '../../app/api';
import { useSession } from '../../app/session';
import { parseForm, zodRule } from '../../ui/forms';
import { notify } from '../../ui/notify';
import { AuthLayout } from './AuthLayout';

const REMEMBER_KEY = 'clinica-login-recordado';

interface LoginForm {
  branchId?: string;
  code?: string;
  username: string;
  password: string;
  remember?: boolean;
}

/** Remember-me keeps the form values, never the password. */
function rememberedValues(): Partial<LoginForm> {
  try {
    return JSON.parse(localStorage.getItem(REMEMBER_KEY) ?? '{}') as Partial<LoginForm>;
  } catch {
    return {};
  }
}

export default function LoginPage() {
  const [form] = Form.useForm<LoginForm>();
  const navigate = useNavigate();
  const setSession = useSession((s) => s.setSession);
  const lastPath = useSession((s) => s.general.lastPath);
  const [loading, setLoading] = useState(false);
  const branches = useQuery({ queryKey: ['public-branches'], queryFn: () => api<{ id: string; name: string }[]>('/branch/all') });

  const submit = async (raw: LoginForm) => {
    const values = parseForm(signInSchema, raw, form);
    if (!values) return;
    setLoading(true);
    try {
      const res = await api<{ token: string; refresh_token: string }>('/auth/sign-in', { body: values });
      if (raw.remember) localStorage.setItem(REMEMBER_KEY, JSON.stringify({ branchId: raw.branchId, code: raw.code, username: raw.username, remember: true }));
      else localStorage.removeItem(REMEMBER_KEY);
      setSession(res.token, res.refresh_token);
      navigate(`/dashboard/${lastPath}`.replace(/\/$/, ''), { replace: true });
    } catch (err) {
      notify.error(err);
    } finally {
      setLoading(false);
    }
  };

  return (
    <AuthLayout title="Iniciar sesión">
      <Form<LoginForm> form={form} layout="vertical" onFinish={submit} initialValues={rememberedValues()} requiredMark={false}>
        <Form.Item name="branchId" label="Sucursal">
          <Select
            placeholder="Seleccione una sucursal"
            loading={branches.isLoading}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            options={(branches.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
          />
        </Form.Item>
        <Form.Item name="code" label="Código">
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="username" label="Usuario" rules={[zodRule(signInSchema, 'username')]}>
          <Input autoComplete="username" placeholder="correo@ejemplo.mx" />
        </Form.Item>
        <Form.Item name="password" label="Contraseña" rules={[zodRule(signInSchema, 'password')]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 16 }}>
          <Form.Item name="remember" valuePropName="checked" noStyle>
            <Checkbox>Recordarme</Checkbox>
          </Form.Item>
          <Link to="/forgot-password">¿Olvidó su contraseña?</Link>
        </div>
        <Button type="primary" htmlType="submit" block loading={loading}>
          Ingresar
        </Button>
      </Form>
    </AuthLayout>
  );
}
