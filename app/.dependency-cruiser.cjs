// The app's import rules, checked by `npm run lint` (dependency-cruiser, `npm run lint:deps`).
//
// Layers, from the top: the app (main.tsx, App.tsx, routes.tsx, Providers.tsx, layout/, the
// build-time firstscreen/) -> the feature folders (features/*) -> auth/ -> the shared modules
// (components/, lib/, i18n/, api/, styles/). A layer imports only from layers below it, and
// feature folders may use each other but never in a circle, nor each other's data modules (the
// server data two features read is in api/). Tests are left out: they import
// across freely and nothing imports them.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-file-cycle',
      comment: 'Files import each other in a circle (type-only imports count too).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-folder-cycle',
      comment: 'Folders import each other in a circle: move the shared piece down a layer (components/, lib/, api/queryKeys.ts).',
      severity: 'error',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
    {
      name: 'shared-imports-no-feature',
      comment: 'components/, lib/, i18n/, api/ and styles/ are shared by every feature: they import no feature, no auth and no app file.',
      severity: 'error',
      from: { path: '^src/(components|lib|i18n|api|styles)/' },
      to: { path: '^src/(features|auth|layout|firstscreen)/|^src/[^/]+$' },
    },
    {
      name: 'auth-imports-no-feature',
      comment: 'auth/ sits below the features (they all read the user): it imports no feature and no app file.',
      severity: 'error',
      from: { path: '^src/auth/' },
      to: { path: '^src/(features|layout|firstscreen)/|^src/[^/]+$' },
    },
    {
      name: 'feature-data-stays-home',
      comment:
        "A feature reads another feature's server data through src/api/ (queries, keys, the live status), never through that feature's own api.ts or *Api.ts.",
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/.+(/api|Api)\\.ts$', pathNot: '^src/features/$1/' },
    },
    {
      name: 'features-import-no-app',
      comment: 'A feature is placed by the app (routes.tsx, layout/), never the other way round.',
      severity: 'error',
      from: { path: '^src/features/' },
      to: { path: '^src/(layout|firstscreen)/|^src/[^/]+$' },
    },
  ],
  options: {
    includeOnly: '^src/',
    exclude: { path: '\\.test\\.tsx?$|^src/test/' },
    tsConfig: { fileName: 'tsconfig.json' },
    // Type-only imports are dependencies too: a cycle through types is still a cycle.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
  },
};
