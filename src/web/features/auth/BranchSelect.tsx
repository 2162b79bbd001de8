import { Select, type SelectProps } from 'antd';

/** The sign-in page's branch list: antd's Select, in a chunk of its own (see BranchField). */
export default function BranchSelect(props: SelectProps<string>) {
  return <Select<string> allowClear showSearch={{ optionFilterProp: 'label' }} {...props} />;
}
