/**
 * onCloseAutoFocus for the header's menus. Radix gives the focus back to a menu's trigger when it
 * closes; after one of its items opened a new screen, the Layout has put the focus on that
 * screen's content, and there it stays.
 */
export function keepFocusOnNewScreen(event: Event) {
  const main = document.getElementById('main');
  const active = document.activeElement;
  if (main && active && (active === main || main.contains(active))) event.preventDefault();
}
