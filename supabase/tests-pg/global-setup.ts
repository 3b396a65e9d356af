// Starts one throwaway PostgreSQL 15 cluster for the `supabase-pg` project and hands its URL to the test files
// (inject('bahiTestDatabaseUrl'), read by tests/support/db.ts); stops it and deletes its files afterwards.
import type { TestProject } from 'vitest/node';
import { startTempCluster } from '../../scripts/postgres-cluster.mjs';
import type {} from '../tests/support/db';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cluster = await startTempCluster();
  project.provide('bahiTestDatabaseUrl', cluster.url);
  return () => cluster.stop();
}
