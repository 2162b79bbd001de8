import { Result } from 'antd';

/** The refusal of a screen opened without its privilege (its own chunk: Result carries three large illustrations). */
export default function Forbidden() {
  return <Result status="403" title="Sin permiso" subTitle="No tiene permisos para ver esta pantalla." />;
}
