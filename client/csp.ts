// Imported first by main.tsx: zod must not probe `new Function` (its JIT), which the
// Content-Security-Policy (no 'unsafe-eval') reports as a violation on every page. zod keeps its
// settings in `globalThis.__zod_globalConfig` (shared by every copy of zod, made by the first to
// load): setting it here turns the JIT off before the forms' schemas load zod, without bringing
// zod into the first route.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };
