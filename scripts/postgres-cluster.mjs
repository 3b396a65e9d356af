// A throwaway PostgreSQL cluster for tests that must run on the real server (issue 8): the same
// migrations and RLS tests that run on PGlite run here too. Uses Debian's postgresql-15 binaries: 15 is the
// major version hosted Supabase runs, so nothing newer stands in for it.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BIN_DIR = '/usr/lib/postgresql/15/bin';

/** Where PostgreSQL 15's binaries are (POSTGRES_BIN_DIR, else Debian's folder), or undefined. */
export function findPostgresBin() {
  const dir = process.env.POSTGRES_BIN_DIR || BIN_DIR;
  return existsSync(join(dir, 'postgres')) ? dir : undefined;
}

/** What to tell someone who has no PostgreSQL 15: the same words in check-system.mjs and here. */
export const MISSING_POSTGRES =
  `PostgreSQL 15 was not found (looked in ${process.env.POSTGRES_BIN_DIR || BIN_DIR}). Install it ` +
  '(Debian 12: sudo apt-get install -y postgresql; elsewhere postgresql-15 from apt.postgresql.org) ' +
  'or point POSTGRES_BIN_DIR at its bin folder.';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** PostgreSQL refuses to run as root: as root, run its binaries as the `postgres` user. */
function asServerUser(bin, args) {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
}

export async function startTempCluster() {
  const binDir = findPostgresBin();
  if (!binDir) throw new Error(MISSING_POSTGRES);
  if (process.getuid?.() === 0) {
    try {
      execFileSync('id', ['-u', 'postgres'], { stdio: 'pipe' });
    } catch {
      throw new Error("Running as root, PostgreSQL needs a `postgres` user to run as (Debian's package creates it).");
    }
  }
  const dir = mkdtempSync(join(tmpdir(), 'bahi-pg-'));
  chmodSync(dir, 0o777);
  const dataDir = join(dir, 'data');
  const run = (name, args) => {
    const [cmd, argv] = asServerUser(join(binDir, name), args);
    return execFileSync(cmd, argv, { stdio: 'pipe' });
  };
  // A test process that exits without stop() (a crash, an uncaught error) must not leave the server running.
  const stopNow = () => {
    try {
      run('pg_ctl', ['stop', '-w', '-m', 'immediate', '-D', dataDir]);
    } catch {
      // not running
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
    const port = await freePort();
    // UTC, as hosted Supabase runs; without it initdb takes the machine's zone.
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200 -c TimeZone=UTC`;
    process.once('exit', stopNow);
    run('pg_ctl', ['start', '-w', '-t', '30', '-D', dataDir, '-l', join(dir, 'server.log'), '-o', options]);
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      version: execFileSync(join(binDir, 'postgres'), ['--version']).toString().trim(),
      async stop() {
        process.off('exit', stopNow);
        try {
          run('pg_ctl', ['stop', '-w', '-m', 'fast', '-D', dataDir]);
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    process.off('exit', stopNow);
    const log = (() => {
      try {
        return readFileSync(join(dir, 'server.log'), 'utf8').trim();
      } catch {
        return '';
      }
    })();
    stopNow();
    throw new Error(
      `PostgreSQL did not start: ${String(error.stderr || error.message || error).trim()}${log ? `\n${log}` : ''}`,
    );
  }
}
