import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { authRoutes } from '../../../domain/auth.contract';
import { pin } from '../../../domain/validation';
import { call } from '../../app/api';
import { useSession } from '../../app/session';
import { zodRule } from '../../ui/forms';
import { notify } from '../../ui/notify';
import { AuthLayout } from './AuthLayout';

const pinForm = z.object({ pin: pin('PIN') });

/** PIN sign-in with the refresh token this device kept after an idle sign-out. */
export default function QuickLoginPage() {
  const [form] = Form.useForm<{ pin: string }>();
  const navigate = useNavigate();
  const auth = useSession((s) => s.auth);
  const user = useSession((s) => s.user);
  const lastPath = useSession((s) => s.general.lastPath);
  const setSession = useSession((s) => s.setSession);
  const [loading, setLoading] = useState(false);

  const submit = async ({ pin: value }: { pin: string }) => {
    if (!auth.refresh_token) return;
    setLoading(true);
    try {
      const res = await call(authRoutes.quickLogin, { body: { pin: value, refreshToken: auth.refresh_token, branchId: auth.branchId } });
      setSession(res.payload.token, res.refresh_token, { quick: true });
      void navigate(`/dashboard/${lastPath}`.replace(/\/$/, ''), { replace: true });
    } catch (err) {
      form.resetFields();
      notify.error(err);
    } finally {
      setLoading(false);
    }
  };

  return (
    <AuthLayout title="Inicio rápido con PIN">
      {user && <p style={{ marginTop: 0 }}>Hola, {user.fullname}. Ingrese su PIN para continuar.</p>}
      {!auth.refresh_token ? (
        <Alert
          type="info"
          showIcon
          title="No hay una sesión guardada en este equipo. Inicie sesión con su usuario y contraseña."
          style={{ marginBottom: 16 }}
        />
      ) : (
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item name="pin" label="PIN" rules={[zodRule(pinForm, 'pin')]}>
            <Input.Password maxLength={4} inputMode="numeric" autoFocus autoComplete="off" style={{ letterSpacing: 8, fontSize: 20 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={loading}>
            Entrar
          </Button>
        </Form>
      )}
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to="/login">Iniciar sesión con usuario y contraseña</Link>
      </div>
    </AuthLayout>
  );
}
