import { defineConfig } from 'drizzle-kit';

// Migrations are generated from db/schema.ts and applied at start (db/index.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema.ts',
  out: './db/migrations',
});
