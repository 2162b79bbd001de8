import { useState } from 'react';
import { Button, Checkbox, Form, type FormRule } from 'antd';
// the bare Input and Password, not antd's Input with its TextArea, Search and OTP, which this page does not use
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
// types only: the contracts bring zod, which this first page loads on the first focus (see signInSchema below)
import type { authRoutes } from '../../../domain/auth.contract';
import type { SignInInput } from '../../../domain/auth.schemas';
import type { branchRoutes } from '../../../domain/branches.contract';
import type { Answer } from '../../../domain/contract';
import { api } from '../../app/api';
import { useSession } from '../../app/session';
import { parseForm } from '../../ui/forms';
import { loadMessages, notify } from '../../ui/notify';
import { AuthLayout } from './AuthLayout';
import { BranchField } from './BranchField';

const REMEMBER_KEY = 'clinica-login-recordado';

interface LoginForm {
  branchId?: string;
  code?: string;
  username: string;
  password: string;
  remember?: boolean;
}

/**
 * The sign-in rules (zod and src/domain's schema, ~25 kB compressed) load when the user first touches the form,
 * not with the page, like the branch list's Select (BranchField): the first page every user opens stays small
 * (npm run measure:web).
 */
const signInSchema = () => import('../../../domain/auth.schemas').then((m) => m.signInSchema);

/** The field's own rule from the shared schema, as ui/forms' zodRule, once the schema has loaded. */
function signInRule(field: keyof SignInInput): FormRule {
  return {
    validator: async (_rule, value) => {
      const result = (await signInSchema()).shape[field].safeParse(value);
      if (!result.success) throw new Error(result.error.issues[0]?.message);
    },
  };
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
  const [touched, setTouched] = useState(false);
  // a page left open across a deploy (or offline) cannot load them: the route's error page offers to reload
  const [loadError, setLoadError] = useState<unknown>(null);
  const branches = useQuery({ queryKey: ['public-branches'], queryFn: () => api<Answer<typeof branchRoutes.all>>('/branch/all') });
  if (loadError) throw loadError;

  // the first focus in the form loads what checking and sending it needs (the rules, the branch list's Select, the
  // error message), while the user types
  const touch = () => {
    setTouched(true);
    signInSchema().catch(setLoadError);
    loadMessages();
  };

  const submit = async (raw: LoginForm) => {
    const schema = await signInSchema().catch((err: unknown) => void setLoadError(err));
    if (!schema) return;
    const values = parseForm(schema, raw, form);
    if (!values) return;
    setLoading(true);
    try {
      const res = await api<Answer<typeof authRoutes.signIn>>('/auth/sign-in', { body: values });
      if (raw.remember) localStorage.setItem(REMEMBER_KEY, JSON.stringify({ branchId: raw.branchId, code: raw.code, username: raw.username, remember: true }));
      else localStorage.removeItem(REMEMBER_KEY);
      setSession(res.token, res.refresh_token);
      void navigate(`/dashboard/${lastPath}`.replace(/\/$/, ''), { replace: true });
    } catch (err) {
      notify.error(err);
    } finally {
      setLoading(false);
    }
  };

  return (
    <AuthLayout title="Iniciar sesión">
      <Form<LoginForm> form={form} layout="vertical" onFinish={submit} onFocus={touch} initialValues={rememberedValues()} requiredMark={false}>
        <Form.Item name="branchId" label="Sucursal">
          <BranchField branches={branches.data ?? []} loading={branches.isLoading} active={touched} />
        </Form.Item>
        <Form.Item name="code" label="Código">
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="username" label="Usuario" rules={[signInRule('username')]}>
          <Input autoComplete="username" placeholder="correo@ejemplo.mx" />
        </Form.Item>
        <Form.Item name="password" label="Contraseña" rules={[signInRule('password')]}>
          <Password autoComplete="current-password" />
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
