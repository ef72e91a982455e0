import type { Permission } from '../../../auth/permissions';

/**
 * The sections of the admin's settings area (/admin/settings), in the order of its sub-navigation.
 * Each is a screen of its own under the shell (SettingsPage); a section adds one entry here and
 * its route in SettingsPage.
 */
export interface SettingsSection {
  /** Translation key under admin:settings.nav. */
  key: string;
  to: string;
  /** What the section's routes need (the server's table, routes/permissions.go). */
  permission: Permission;
}

export const SETTINGS_SECTIONS: SettingsSection[] = [
  { key: 'store', to: '/admin/settings', permission: 'settings' },
  { key: 'pages', to: '/admin/pages', permission: 'settings' },
  { key: 'shipping', to: '/admin/settings/shipping', permission: 'settings' },
  { key: 'payments', to: '/admin/settings/payments', permission: 'payments.settings' },
  { key: 'search', to: '/admin/settings/search', permission: 'catalog.read' },
];

/** The section a settings path is in: Store is /admin/settings itself; a section owns everything below its path. */
export function sectionAt(path: string): SettingsSection | undefined {
  const p = path.replace(/\/+$/, '');
  return SETTINGS_SECTIONS.find((s) => p === s.to || (s.to !== '/admin/settings' && p.startsWith(`${s.to}/`)));
}

/** Whether the admin's path is in the settings area (the admin nav's Settings entry is then current). */
export function inSettings(path: string): boolean {
  return path.startsWith('/admin/settings') || SETTINGS_SECTIONS.some((s) => path === s.to || path.startsWith(`${s.to}/`));
}
