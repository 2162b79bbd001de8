import { useState } from 'react';
import { Form, Input } from 'antd';
import { BarcodeOutlined } from '@ant-design/icons';
import { parseGs1, type Gs1Scan } from '../../domain/gs1';
import { notify } from './notify';

/**
 * A barcode field for a scanner (which types the code and presses Enter): reads GS1 DataMatrix / GS1-128 scans
 * (GTIN, lot, expiry) and hands them to `onScan`, which answers what it filled (shown) or null when nothing matched.
 */
export function ScanField({
  onScan,
  disabled,
  extra,
  notFound = 'El código escaneado no corresponde a ningún producto o lote de la lista',
}: {
  onScan: (scan: Gs1Scan) => string | null;
  disabled?: boolean;
  extra?: string;
  notFound?: string;
}) {
  const [code, setCode] = useState('');
  const read = () => {
    const filled = onScan(parseGs1(code));
    if (filled) notify.info(filled);
    else notify.error(new Error(notFound));
    setCode('');
  };
  return (
    <Form.Item label="Escanear código" extra={extra ?? 'Código GS1 de la caja (GTIN, lote y caducidad)'}>
      <Input
        aria-label="Escanear código"
        prefix={<BarcodeOutlined />}
        placeholder="Escanear código"
        value={code}
        disabled={disabled}
        onChange={(e) => setCode(e.target.value)}
        onPressEnter={(e) => {
          e.preventDefault();
          if (code.trim()) read();
        }}
      />
    </Form.Item>
  );
}
