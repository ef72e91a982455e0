// Radix Themes by parts, in cascade order: tokens, the colours used, components, utilities, then ours.
// Imported from JS (not CSS @import) so the build can trim unused rules (scripts/trim-radix-css.ts).
import '@radix-ui/themes/tokens/base.css';
import '@radix-ui/themes/tokens/colors/slate.css';
import '@radix-ui/themes/tokens/colors/indigo.css';
import '@radix-ui/themes/tokens/colors/red.css';
import '@radix-ui/themes/tokens/colors/green.css';
import '@radix-ui/themes/tokens/colors/amber.css';
import '@radix-ui/themes/tokens/colors/cyan.css';
import '@radix-ui/themes/components.css';
import '@radix-ui/themes/utilities.css';
// In the start-up CSS, not the pages' chunk: an information page's first screen (routes/firstscreen)
// shows its body before that code loads, and must not move when it does.
import './pages.css';
import './app.css';
