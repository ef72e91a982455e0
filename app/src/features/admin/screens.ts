import type { ComponentType } from 'react';
import { ArchiveIcon, BarChartIcon, CalendarIcon, ChatBubbleIcon, CubeIcon, EnvelopeClosedIcon, FileTextIcon, GearIcon, LayersIcon, Link2Icon, LockClosedIcon, PersonIcon, ResetIcon, TokensIcon } from '@radix-ui/react-icons';
import type { Permission } from '../../auth/permissions';
import { inSettings, SETTINGS_SECTIONS, sectionAt, type SettingsSection } from './settings/sections';

/**
 * A screen of the admin area, as its navigation lists it: the translation key under admin:nav,
 * its path (it owns everything below it unless `match` says otherwise), its icon and the
 * permission its routes need on the server (routes/permissions.go), or, for the settings area,
 * its sections, each with its own. The one mapping from screen to permission: the nav shows a
 * role only its screens, a direct address to another one shows the no-access page. A new screen
 * is one line here (and its route in AdminPage).
 */
type AdminScreen = { key: string; to: string; icon: ComponentType; match?: (path: string) => boolean } & (
  | { permission: Permission }
  | { sections: SettingsSection[] }
);

const ADMIN_SCREENS: AdminScreen[] = [
  { key: 'overview', to: '/admin/overview', icon: BarChartIcon, permission: 'overview' },
  { key: 'products', to: '/admin', icon: CubeIcon, permission: 'catalog.write', match: (p) => p === '/admin' || p === '/admin/' || p.startsWith('/admin/products') },
  { key: 'categories', to: '/admin/categories', icon: LayersIcon, permission: 'catalog.read' },
  { key: 'promotions', to: '/admin/promotions', icon: TokensIcon, permission: 'promotions' },
  { key: 'bookings', to: '/admin/bookings', icon: CalendarIcon, permission: 'orders.read' },
  { key: 'orders', to: '/admin/orders', icon: ArchiveIcon, permission: 'orders.read' },
  { key: 'returns', to: '/admin/returns', icon: ResetIcon, permission: 'returns' },
  { key: 'quotes', to: '/admin/quotes', icon: FileTextIcon, permission: 'returns' },
  { key: 'contact', to: '/admin/contact-requests', icon: ChatBubbleIcon, permission: 'contact' },
  { key: 'customers', to: '/admin/customers', icon: PersonIcon, permission: 'customers.read' },
  { key: 'emails', to: '/admin/emails', icon: EnvelopeClosedIcon, permission: 'emails' },
  { key: 'webhooks', to: '/admin/webhooks', icon: Link2Icon, permission: 'webhooks' },
  { key: 'audit', to: '/admin/audit', icon: FileTextIcon, permission: 'audit' },
  { key: 'apiKeys', to: '/admin/api-keys', icon: LockClosedIcon, permission: 'apikeys' },
  // Shipping is a section of the settings area (its sub-navigation), not a view of its own.
  { key: 'settings', to: '/admin/settings', icon: GearIcon, sections: SETTINGS_SECTIONS, match: inSettings },
];

type Can = (perm: Permission) => boolean;

/** A nav entry the role may open: where its link goes and whether a path is in it. */
export interface VisibleScreen {
  key: string;
  to: string;
  icon: ComponentType;
  current: (path: string) => boolean;
}

const owns = (s: AdminScreen, path: string) => (s.match ? s.match(path) : path === s.to || path.startsWith(`${s.to}/`));

/** Whether the role may open the admin path (its screen's permission, or its settings section's); an unknown path (redirected) may. */
export function mayOpen(path: string, can: Can): boolean {
  const screen = ADMIN_SCREENS.find((s) => owns(s, path));
  if (!screen) return true;
  if ('permission' in screen) return can(screen.permission);
  const section = sectionAt(path);
  return section ? can(section.permission) : screen.sections.some((s) => can(s.permission));
}

/** Where the role's admin area starts (/admin, and the no-access page's link): the products, else the orders, else its first screen. */
export function startScreen(screens: VisibleScreen[]): VisibleScreen | undefined {
  return screens.find((s) => s.key === 'products') ?? screens.find((s) => s.key === 'orders') ?? screens[0];
}

/** The nav entries the role may open, in the nav's order; the settings entry links to the role's first section. */
export function visibleScreens(can: Can): VisibleScreen[] {
  return ADMIN_SCREENS.flatMap((s) => {
    const to = 'permission' in s ? (can(s.permission) ? s.to : undefined) : s.sections.find((sec) => can(sec.permission))?.to;
    return to ? [{ key: s.key, to, icon: s.icon, current: (path: string) => owns(s, path) }] : [];
  });
}
