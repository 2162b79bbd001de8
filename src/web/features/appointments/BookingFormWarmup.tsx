import { Alert, Button, Card, DatePicker, Form, Input, Select, TimePicker } from 'antd';

/**
 * The booking form's kinds of control drawn once, hidden, while the agenda is idle: antd computes and injects their
 * styles then (and keeps them: ui/style-cache.ts) instead of on the click that opens the form.
 */
export default function BookingFormWarmup() {
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
