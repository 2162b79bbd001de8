import dayjs, { type Dayjs } from 'dayjs';

/** Form.Item props for a date picker whose form value is the 'YYYY-MM-DD' text the schema and the API take. */
export const dateText = {
  getValueProps: (v?: string) => ({ value: v ? dayjs(v) : undefined }),
  normalize: (d?: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : undefined),
};

/** Form.Item props for a time picker whose form value is the 'HH:mm' text the schema and the API take. */
export const timeText = {
  getValueProps: (v?: string) => ({ value: v ? dayjs(v, 'HH:mm') : undefined }),
  normalize: (d?: Dayjs | null) => (d ? d.format('HH:mm') : undefined),
};
