import { Flex } from '@radix-ui/themes';
import { NavLink } from 'react-router-dom';

/** A link of the main navigation. */
export interface NavItem {
  to: string;
  label: string;
  end?: boolean;
  onClick?: () => void;
}

interface Props {
  items: NavItem[];
  /** The links' class: the header's row or the phone drawer's column. */
  linkClass: 'nav-link' | 'drawer-link';
  column?: boolean;
  /** Called after a link's own onClick (the drawer closes itself). */
  onNavigate?: () => void;
}

/** The main navigation's links as a list, in the header's row and in the phone drawer. */
export function NavList({ items, linkClass, column, onNavigate }: Props) {
  return (
    <Flex direction={column ? 'column' : undefined} gap={column ? '1' : '4'} asChild>
      <ul className="plain-list">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.end}
              className={linkClass}
              onClick={() => {
                item.onClick?.();
                onNavigate?.();
              }}
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </Flex>
  );
}
