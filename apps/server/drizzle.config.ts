import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Every domain keeps its tables in <domain>/tables.ts.
  schema: ['./src/*/tables.ts', './src/publish/*/tables.ts'],
  out: './drizzle',
});
