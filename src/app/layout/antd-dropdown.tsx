// antd's Dropdown (with Menu, Trigger, motion under it): the on-demand half of on-demand-dropdown.tsx.
// It brings antd's ConfigProvider with the tenant's theme and locale (src/components/antd-theme.tsx), which
// the shell around it does not render.
import { Dropdown, type DropdownProps } from 'antd';
import { AntdTheme } from '../../components/antd-theme';

export default function ThemedDropdown(props: DropdownProps) {
  return (
    <AntdTheme>
      <Dropdown {...props} />
    </AntdTheme>
  );
}
