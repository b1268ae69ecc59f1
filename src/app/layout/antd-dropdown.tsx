// antd's Dropdown (with Menu, Trigger, motion under it): the on-demand half of on-demand-dropdown.tsx.
import { Dropdown } from 'antd';

export default Dropdown;
