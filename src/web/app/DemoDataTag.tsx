import { ExperimentOutlined } from '@ant-design/icons';
import { usePublicConfig } from './config';

/**
 * A discreet mark on every screen while the demo accounts can sign in (their password is in the README):
 * nobody should take this server for the clinic's real one, nor type real patients into it.
 * Drawn with CSS (like antd's gold Tag), so the sign-in page's first download does not grow.
 */
export function DemoDataTag() {
  const { demoData } = usePublicConfig();
  if (!demoData) return null;
  return (
    <span
      className="demo-data-tag"
      data-testid="demo-data"
      title="Este servidor tiene cargados los datos y las cuentas de demostración, cuya contraseña es pública: no registre aquí datos reales."
    >
      <ExperimentOutlined aria-hidden /> Datos de demostración
    </span>
  );
}
