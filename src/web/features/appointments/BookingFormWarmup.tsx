import { useEffect, useState } from 'react';
import { Alert, Button, Card, DatePicker, Form, Input, Select, TimePicker } from 'antd';

/** Drawn once in the page's life: antd keeps the styles from then on (ui/style-cache.ts). */
let drawn = false;

/**
 * The booking form's kinds of control drawn once, hidden, while the agenda is idle: antd computes and injects their
 * styles then (and keeps them: ui/style-cache.ts) instead of on the click that opens the form. The agenda shown again
 * later draws nothing.
 */
export default function BookingFormWarmup() {
  const [already] = useState(drawn);
  useEffect(() => {
    drawn = true;
  }, []);
  if (already) return null;
  return (
    <div hidden aria-hidden>
      <Card>
        <Form layout="vertical" component={false}>
          <Form.Item label="-">
            <Select />
          </Form.Item>
          <DatePicker />
          <TimePicker />
          <Input.TextArea showCount maxLength={1} />
          <Alert title="-" />
          <Button type="link" size="small" />
        </Form>
      </Card>
    </div>
  );
}
