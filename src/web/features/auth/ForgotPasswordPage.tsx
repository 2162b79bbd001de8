import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { recoveryChangeSchema, recoveryRequestSchema } from '../../../domain/auth.schemas';
import { authRoutes } from '../../../domain/auth.contract';
import { call } from '../../app/api';
import { applyServerErrors, parseForm, zodRule } from '../../ui/forms';
import { notify } from '../../ui/notify';
import { AuthLayout } from './AuthLayout';

/** Step 1 mails a 6-character code; step 2 (also reached at /forgot-password/{code}) sets the new password. */
export default function ForgotPasswordPage() {
  const { code } = useParams();
  const [step, setStep] = useState<'email' | 'code'>(code ? 'code' : 'email');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [emailForm] = Form.useForm();
  const [codeForm] = Form.useForm();
  const navigate = useNavigate();

  const requestCode = async (values: { email: string }) => {
    setLoading(true);
    try {
      const res = await call(authRoutes.requestRecovery, { body: values });
      notify.success(res.message);
      setSentTo(values.email);
      setStep('code');
    } catch (err) {
      notify.error(err);
    } finally {
      setLoading(false);
    }
  };

  const changePassword = async (raw: Record<string, string>) => {
    const values = parseForm(recoveryChangeSchema, raw, codeForm);
    if (!values) return;
    setLoading(true);
    try {
      const res = await call(authRoutes.changePasswordWithCode, { body: values });
      notify.success(res.message);
      void navigate('/login', { replace: true });
    } catch (err) {
      applyServerErrors(codeForm, err);
      notify.error(err);
    } finally {
      setLoading(false);
    }
  };

  return (
    <AuthLayout title="Recuperar contraseña">
      {step === 'email' ? (
        <Form form={emailForm} layout="vertical" onFinish={requestCode} requiredMark={false}>
          <p style={{ marginTop: 0 }}>Escriba su correo y le enviaremos un código de 6 caracteres, válido por 15 minutos.</p>
          <Form.Item name="email" label="Correo electrónico" rules={[zodRule(recoveryRequestSchema, 'email')]}>
            <Input autoComplete="email" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={loading}>
            Enviar código
          </Button>
          <Button type="link" block onClick={() => setStep('code')}>
            Ya tengo un código
          </Button>
        </Form>
      ) : (
        <Form form={codeForm} layout="vertical" onFinish={changePassword} initialValues={{ code }} requiredMark={false}>
          {sentTo && <Alert type="success" showIcon title={`Revise el correo ${sentTo}`} style={{ marginBottom: 16 }} />}
          <Form.Item name="code" label="Código" rules={[zodRule(recoveryChangeSchema, 'code')]}>
            <Input maxLength={6} autoComplete="one-time-code" style={{ textTransform: 'uppercase', letterSpacing: 4 }} />
          </Form.Item>
          <Form.Item name="password" label="Nueva contraseña" rules={[zodRule(recoveryChangeSchema, 'password')]}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="passwordConfirm" label="Confirmar contraseña" rules={[zodRule(recoveryChangeSchema, 'passwordConfirm')]}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={loading}>
            Cambiar contraseña
          </Button>
        </Form>
      )}
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to="/">Volver al inicio</Link>
      </div>
    </AuthLayout>
  );
}
