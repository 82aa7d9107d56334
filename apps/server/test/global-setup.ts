import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { seedShowcaseArticles } from '../src/articles/seed-showcase.js';
import { migrateDatabase, openDatabase } from '../src/platform/db/index.js';

/**
 * Migrates one template database per test run; every test file then gets its own copy
 * (PGlite: a data-dir dump loaded into a fresh instance; PostgreSQL: CREATE DATABASE … TEMPLATE).
 * Set TEST_DATABASE_URL to run the same suite against PostgreSQL.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    postgresTemplate: { adminUrl: string; templateName: string } | null;
  }
}

const TMP_DIR = path.resolve(import.meta.dirname, '../../../.tmp');

export default async function setup(project: TestProject) {
  fs.mkdirSync(TMP_DIR, { recursive: true });
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const templateName = `tianma_tpl_${process.pid}`;
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${templateName}"`);
    await adminQuery(adminUrl, `CREATE DATABASE "${templateName}"`);
    const database = await openDatabase({ databaseUrl: withDatabase(adminUrl, templateName), dataDir: TMP_DIR, poolSize: 1 });
    await migrateDatabase(database);
    await seedShowcaseArticles(database.db);
    await database.close();
    project.provide('postgresTemplate', { adminUrl, templateName });
    project.provide('pgliteTemplatePath', '');
    return async () => {
      await dropTestDatabases(adminUrl, templateName);
    };
  }

  const client = await PGlite.create();
  const database = await openDatabase({ dataDir: TMP_DIR, pglite: client });
  await migrateDatabase(database);
  await seedShowcaseArticles(database.db);
  const dump = await client.dumpDataDir('none');
  await database.close();
  const templatePath = path.join(TMP_DIR, `pglite-template-${process.pid}.tar`);
  fs.writeFileSync(templatePath, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplatePath', templatePath);
  project.provide('postgresTemplate', null);
  return () => fs.rmSync(templatePath, { force: true });
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function adminQuery(adminUrl: string, text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

async function dropTestDatabases(adminUrl: string, templateName: string): Promise<void> {
  const { rows } = await adminQuery(adminUrl, `SELECT datname FROM pg_database WHERE datname LIKE '${templateName}%'`);
  for (const row of rows as { datname: string }[]) {
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`);
  }
}
