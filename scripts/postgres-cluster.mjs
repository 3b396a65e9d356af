// A throwaway PostgreSQL cluster for tests that must run on the real server (issue 8): the same
// migrations and RLS tests that run on PGlite run here too. Uses Debian's postgresql-15 binaries.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BIN_DIRS = ['/usr/lib/postgresql/15/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/17/bin'];

export function findPostgresBin() {
  if (process.env.POSTGRES_BIN_DIR) return process.env.POSTGRES_BIN_DIR;
  return BIN_DIRS.find((dir) => existsSync(join(dir, 'postgres')));
}

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
  if (!binDir) {
    throw new Error(
      'PostgreSQL 15 was not found (looked in /usr/lib/postgresql/*/bin). Install it with `apt-get install -y postgresql`, ' +
        'or set POSTGRES_BIN_DIR.',
    );
  }
  const dir = mkdtempSync(join(tmpdir(), 'bahi-pg-'));
  chmodSync(dir, 0o777);
  const dataDir = join(dir, 'data');
  const port = await freePort();
  const run = (name, args) => {
    const [cmd, argv] = asServerUser(join(binDir, name), args);
    return execFileSync(cmd, argv, { stdio: 'pipe' });
  };
  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  try {
    run('pg_ctl', ['start', '-w', '-t', '30', '-D', dataDir, '-l', join(dir, 'server.log'), '-o', options]);
  } catch (error) {
    throw new Error(`PostgreSQL did not start: ${error.stderr ?? error}`);
  }
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    version: execFileSync(join(binDir, 'postgres'), ['--version']).toString().trim(),
    async stop() {
      run('pg_ctl', ['stop', '-w', '-m', 'fast', '-D', dataDir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
