/**
 * The sections of the admin's settings area (/admin/settings), in the order of its sub-navigation.
 * Each is a screen of its own under the shell (SettingsPage); a section adds one entry here and
 * its route in SettingsPage.
 */
export interface SettingsSection {
  /** Translation key under admin:settings.nav. */
  key: string;
  to: string;
}

export const SETTINGS_SECTIONS: SettingsSection[] = [
  { key: 'store', to: '/admin/settings' },
  { key: 'pages', to: '/admin/pages' },
  { key: 'shipping', to: '/admin/settings/shipping' },
  { key: 'payments', to: '/admin/settings/payments' },
  { key: 'search', to: '/admin/settings/search' },
];

/** Whether the admin's path is in the settings area (the admin nav's Settings entry is then current). */
export function inSettings(path: string): boolean {
  return path.startsWith('/admin/settings') || SETTINGS_SECTIONS.some((s) => path === s.to || path.startsWith(`${s.to}/`));
}
