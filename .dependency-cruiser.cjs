// The API's layers and the workspaces' import graph, checked by `npm run lint` (docs/decisions/050-layers.md).
// Type-only imports count: a cycle through types is still a cycle a reader has to hold in their head.
/** Tests drive the app from outside: they may import any layer (cycles still count). */
const TESTS = ['\\.test\\.tsx?$'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'No module reaches itself through its imports, type-only imports included.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'domain-without-http',
      comment: 'The domain (rules and SQL) never sees HTTP: no hono, no @hono/*, nothing of http/ or server/.',
      severity: 'error',
      from: { path: '^api/src/domain/', pathNot: TESTS },
      to: { path: ['^api/src/(http|server|jobs)/', '(^|/)node_modules/(hono|@hono/[^/]+)/', '^api/src/(app|deps|index)\\.ts$'] },
    },
    {
      name: 'jobs-without-http',
      comment: 'A job depends on the domain and the core, never on a route, a middleware or the server.',
      severity: 'error',
      from: { path: '^api/src/jobs/', pathNot: TESTS },
      to: { path: ['^api/src/(http|server)/', '(^|/)node_modules/(hono|@hono/[^/]+)/', '^api/src/(app|deps|index)\\.ts$'] },
    },
    {
      name: 'core-is-a-leaf',
      comment: 'core/ is the floor: it imports no layer above it.',
      severity: 'error',
      from: { path: '^api/src/core/', pathNot: TESTS },
      to: { path: '^api/src/(domain|http|jobs|server|mail|media|backup)/|^api/src/(app|deps|index)\\.ts$' },
    },
    {
      name: 'adapters-below-the-domain',
      comment: 'Mail and media are adapters the domain uses: they import the core, never the domain, a job or a route.',
      severity: 'error',
      from: { path: '^api/src/(mail|media)/', pathNot: TESTS },
      to: { path: '^api/src/(domain|http|jobs|server)/|^api/src/(app|deps|index)\\.ts$' },
    },
    {
      name: 'sql-in-data-files',
      comment:
        'Only a *.data.ts file builds SQL: elsewhere kysely is imported for its types alone (the query-building calls are checked by scripts/check-layers.mjs).',
      severity: 'error',
      from: { path: '^api/src/', pathNot: ['\\.data\\.ts$', '\\.test\\.tsx?$', '^api/src/testing[^/]*\\.ts$'] },
      to: { path: '(^|/)node_modules/kysely/', dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // A workspace's build output, never a package's own dist/ (that is where node_modules' code lives).
    exclude: { path: '^[a-z-]+/(dist|\\.astro)/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
