/**
 * Which way imports may run (docs/decisions/004-jobs.md, "Which way the imports run"), checked by
 * `npm run lint`. A rule broken is an error; tests/unit/dependency-rules.test.ts shows each one fails.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "not-to-unresolvable",
      comment:
        "Every import resolves (else the rules below would not see it). The generated-client flow imports the client generated at test time (tests/contract/.generated/, never committed).",
      severity: "error",
      from: { pathNot: "^tests/contract/flow\\.ts$" },
      to: { couldNotResolve: true },
    },
    {
      name: "no-circular",
      comment: "Nothing imports in a circle (type-only imports count too).",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "shared-imports-only-shared",
      comment: "shared/ is the contract everything imports: it imports nothing of ours outside itself.",
      severity: "error",
      from: { path: "^shared/" },
      to: { pathNot: ["^shared/", "(^|/)node_modules/"], dependencyTypesNot: ["core"] },
    },
    {
      name: "infra-imports-only-shared",
      comment: "infra/ (env, database, storage, Redis) is what server and worker stand on: it imports only shared/.",
      severity: "error",
      from: { path: "^infra/" },
      to: { pathNot: ["^infra/", "^shared/", "(^|/)node_modules/"], dependencyTypesNot: ["core"] },
    },
    {
      name: "web-not-node",
      comment: "The web never imports server, worker, infra, prisma or scripts code, nor Node-only shared files.",
      severity: "error",
      from: { path: "^web/" },
      to: { path: ["^(server|worker|infra|prisma|scripts|bench)/", "^shared/portraits\\.ts$"] },
    },
    {
      name: "worker-not-server",
      comment: "The worker never imports the server (the infrastructure both need is in infra/).",
      severity: "error",
      from: { path: "^worker/" },
      to: { path: "^server/" },
    },
    {
      name: "server-runs-worker-from-jobs-only",
      comment: "The server imports the worker only in server/jobs/, to run it in-process or embedded.",
      severity: "error",
      from: { path: "^server/", pathNot: "^server/jobs/" },
      to: { path: "^worker/" },
    },
    {
      name: "clients-use-the-3d-code-only",
      comment:
        "The client pages (clients/) run in the streamer's browser from a zip: they use shared/ and the web's 3D code (web/three, the plan's look), never the web app itself nor Node code.",
      severity: "error",
      from: { path: "^clients/", pathNot: "^clients/vite\\.config\\.ts$" },
      to: {
        path: "^(server|worker|infra|prisma|scripts|bench|tests|web)/",
        pathNot: ["^web/three/", "^web/features/plan/planLook\\.ts$"],
      },
    },
    {
      name: "hosts-use-the-protocol-only",
      comment:
        "The host demo (hosts/) is another company's application: it knows Avalive only by its protocol (shared/host) and its public API, never the web app or Node code.",
      severity: "error",
      from: { path: "^hosts/", pathNot: "^hosts/[^/]+/vite\\.config\\.ts$" },
      to: { path: "^(server|worker|infra|prisma|scripts|bench|tests|web|clients)/" },
    },
    {
      name: "features-through-index",
      comment: "A feature uses another feature only through its public index.ts.",
      severity: "error",
      from: { path: "^web/features/([^/]+)/" },
      to: { path: "^web/features/", pathNot: ["^web/features/$1/", "^web/features/[^/]+/index\\.ts$"] },
    },
    {
      name: "features-not-app",
      comment: "Features do not import the app shell (router, layout): the shell imports them.",
      severity: "error",
      from: { path: "^web/features/" },
      to: { path: "^web/app/" },
    },
    {
      name: "web-parts-below-features",
      comment: "components/, lib/ and three/ are used by features and the shell, never the other way round.",
      severity: "error",
      from: { path: "^web/(components|lib|three)/", pathNot: "\\.test\\.tsx?$" },
      to: { path: "^web/(app|features)/" },
    },
  ],
  options: {
    doNotFollow: { path: ["(^|/)node_modules/", "^infra/generated/"] },
    exclude: { path: ["^web/dist/", "^hosts/demo/dist/"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
    },
  },
};
