// The shell's icons (navbar, route error), drawn from @ant-design/icons' own SVG data with the markup
// and class names its components render (<span role="img" aria-label class="anticon anticon-…">),
// without its component runtime: the icons package's base component, two-tone colours and style
// injection were ~7 KB gzip of the entry every route loads (issue 15 point 3). The .anticon rules
// it injected are in global.css.
import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import BellOutlinedSvg from '@ant-design/icons-svg/es/asn/BellOutlined';
import CloseCircleFilledSvg from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import DownOutlinedSvg from '@ant-design/icons-svg/es/asn/DownOutlined';
import GlobalOutlinedSvg from '@ant-design/icons-svg/es/asn/GlobalOutlined';
import QrcodeOutlinedSvg from '@ant-design/icons-svg/es/asn/QrcodeOutlined';
import SearchOutlinedSvg from '@ant-design/icons-svg/es/asn/SearchOutlined';
import ShoppingCartOutlinedSvg from '@ant-design/icons-svg/es/asn/ShoppingCartOutlined';
import UserOutlinedSvg from '@ant-design/icons-svg/es/asn/UserOutlined';
import type { ReactElement } from 'react';

interface ShellIconProps {
  className?: string;
}

type AbstractNode = { tag: string; attrs: Record<string, string>; children?: AbstractNode[] };

function node(n: AbstractNode, key: number): ReactElement {
  const Tag = n.tag as 'path';
  return <Tag key={key} {...n.attrs}>{n.children?.map(node)}</Tag>;
}

/** One icon as @ant-design/icons renders it (single colour, no spin or rotation: the shell uses neither). */
function iconComponent(definition: IconDefinition) {
  const svg = (typeof definition.icon === 'function' ? definition.icon('currentColor', 'currentColor') : definition.icon) as AbstractNode;
  function ShellIcon({ className }: ShellIconProps) {
    return (
      <span role="img" aria-label={definition.name} className={`anticon anticon-${definition.name}${className ? ` ${className}` : ''}`}>
        <svg {...svg.attrs} data-icon={definition.name} width="1em" height="1em" fill="currentColor" aria-hidden="true" focusable="false">
          {svg.children?.map(node)}
        </svg>
      </span>
    );
  }
  return ShellIcon;
}

export const BellOutlined = iconComponent(BellOutlinedSvg);
export const CloseCircleFilled = iconComponent(CloseCircleFilledSvg);
export const DownOutlined = iconComponent(DownOutlinedSvg);
export const GlobalOutlined = iconComponent(GlobalOutlinedSvg);
export const QrcodeOutlined = iconComponent(QrcodeOutlinedSvg);
export const SearchOutlined = iconComponent(SearchOutlinedSvg);
export const ShoppingCartOutlined = iconComponent(ShoppingCartOutlinedSvg);
export const UserOutlined = iconComponent(UserOutlinedSvg);
