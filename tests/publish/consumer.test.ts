// The published packages as a user gets them: each package is packed (`npm pack`) and installed from its tarball,
// with its peers from the registry, into a fresh app made from the Vite react-ts template (its tsconfig: strict,
// verbatimModuleSyntax, erasableSyntaxOnly, noUnusedLocals, …). Every README example block becomes a file of that
// app, is type-checked (`tsc -b`) and bundled (`vite build`); Node examples are compiled and run with plain `node`.
//
// README convention: a fenced block whose info string is "ts example" or "tsx example" is a complete, copy-and-paste
// example; other blocks (types, signatures, shell) are prose and are not checked. Where an example runs is the
// package's (packages.ts): auth-machine's and billing's are browser code (type-checked with tsconfig.app.json and
// bundled by `vite build`), supabase-local's are Node programs (type-checked for Node, compiled, and each run with
// `node`; it must exit by itself within a minute).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLISHED, repoRoot } from './packages.ts';

interface Example {
  pkg: string;
  file: string;
  lang: 'ts' | 'tsx';
  node: boolean;
  code: string;
}

/** The example blocks of a README (see the convention above). */
function readmeExamples(pkg: string, markdown: string, node: boolean): Example[] {
  const unscoped = pkg.replace(/^@bahi\//, '');
  const examples: Example[] = [];
  const fence = /^( *)```(ts|tsx) example[ \t]*\n([\s\S]*?)^\1```[ \t]*$/gm;
  for (const match of markdown.matchAll(fence)) {
    const indent = match[1] ?? '';
    const lang = match[2] as 'ts' | 'tsx';
    const code = (match[3] ?? '')
      .split('\n')
      .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line))
      .join('\n');
    const n = examples.length + 1;
    examples.push({ pkg, file: `${unscoped}-${n}.${lang}`, lang, node, code });
  }
  return examples;
}

/** The exact version installed in the monorepo, so the app gets what the packages were tested with. */
function installedVersion(name: string): string {
  const manifest = JSON.parse(readFileSync(join(repoRoot, 'node_modules', name, 'package.json'), 'utf8'));
  return manifest.version as string;
}

function run(command: string, args: string[], cwd: string, timeout = 240_000): string {
  try {
    return execFileSync(command, args, {
      cwd,
      encoding: 'utf8',
      stdio: 'pipe',
      timeout,
      env: { ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' },
    });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}\n${stdout ?? ''}\n${stderr ?? ''}`);
  }
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

// The Vite react-ts template's compiler options (create-vite), as a new app starts with them.
const strictness = {
  skipLibCheck: true,
  moduleResolution: 'bundler',
  allowImportingTsExtensions: true,
  verbatimModuleSyntax: true,
  moduleDetection: 'force',
  noEmit: true,
  strict: true,
  noUnusedLocals: true,
  noUnusedParameters: true,
  erasableSyntaxOnly: true,
  noFallthroughCasesInSwitch: true,
  noUncheckedSideEffectImports: true,
};

describe('the published packages in a new Vite react-ts app', () => {
  let work: string;
  let app: string;
  let examples: Example[];

  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'bahi-consumer-'));
    app = join(work, 'app');
    const tarballs = join(work, 'tarballs');
    mkdirSync(tarballs);
    // dist/ is built by global-setup.ts; --ignore-scripts so that packing does not rebuild it under the other test.
    const packed = JSON.parse(
      run(
        'npm',
        [
          'pack',
          '--json',
          '--ignore-scripts',
          '--pack-destination',
          tarballs,
          ...PUBLISHED.flatMap((p) => ['-w', p.name]),
        ],
        repoRoot,
      ),
    ) as Array<{ name: string; filename: string; files: Array<{ path: string }> }>;
    for (const p of packed) {
      const shipped = p.files.map((f) => f.path);
      expect(
        shipped.filter((f) => /(\.test\.|fixtures?\/|vitest\.config|tsconfig)/.test(f)),
        p.name,
      ).toEqual([]);
    }

    mkdirSync(join(app, 'src', 'examples'), { recursive: true });
    mkdirSync(join(app, 'node-examples'));
    const registry = (names: string[]) => Object.fromEntries(names.map((n) => [n, installedVersion(n)]));
    writeFileSync(
      join(app, 'package.json'),
      json({
        name: 'bahi-consumer',
        private: true,
        version: '0.0.0',
        type: 'module',
        scripts: { build: 'tsc -b && vite build' },
        dependencies: {
          ...Object.fromEntries(packed.map((p) => [p.name, `file:${join(tarballs, p.filename)}`])),
          ...registry([
            'react',
            'react-dom',
            'react-router-dom',
            'xstate',
            '@xstate/react',
            '@supabase/supabase-js',
            'ws',
          ]),
        },
        devDependencies: registry([
          'vite',
          '@vitejs/plugin-react',
          'typescript',
          '@types/react',
          '@types/react-dom',
          '@types/node',
          '@types/ws',
          // supabase-local runs TypeScript functions (the razorpay one) through tsx on Node 20.
          'tsx',
        ]),
      }),
    );
    writeFileSync(
      join(app, 'tsconfig.json'),
      json({ files: [], references: [{ path: './tsconfig.app.json' }, { path: './tsconfig.node.json' }] }),
    );
    writeFileSync(
      join(app, 'tsconfig.app.json'),
      json({
        compilerOptions: {
          tsBuildInfoFile: './node_modules/.tmp/tsconfig.app.tsbuildinfo',
          target: 'ES2022',
          useDefineForClassFields: true,
          lib: ['ES2022', 'DOM', 'DOM.Iterable'],
          module: 'ESNext',
          types: ['vite/client'],
          jsx: 'react-jsx',
          ...strictness,
        },
        include: ['src'],
      }),
    );
    writeFileSync(
      join(app, 'tsconfig.node.json'),
      json({
        compilerOptions: {
          tsBuildInfoFile: './node_modules/.tmp/tsconfig.node.tsbuildinfo',
          target: 'ES2023',
          lib: ['ES2023'],
          module: 'ESNext',
          types: ['node'],
          ...strictness,
        },
        include: ['vite.config.ts'],
      }),
    );
    // Node examples: the same strictness, emitted as Node ESM and run with plain `node`.
    writeFileSync(
      join(app, 'tsconfig.node-examples.json'),
      json({
        compilerOptions: {
          ...strictness,
          target: 'ES2023',
          lib: ['ES2023'],
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          types: ['node'],
          noEmit: false,
          allowImportingTsExtensions: false,
          rewriteRelativeImportExtensions: true,
          outDir: 'node-examples-out',
        },
        include: ['node-examples'],
      }),
    );
    writeFileSync(
      join(app, 'vite.config.ts'),
      "import react from '@vitejs/plugin-react';\nimport { defineConfig } from 'vite';\n\nexport default defineConfig({\n  plugins: [react()],\n});\n",
    );
    writeFileSync(
      join(app, 'index.html'),
      '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <title>consumer</title>\n  </head>\n  <body>\n    <div id="root"></div>\n    <script type="module" src="/src/main.tsx"></script>\n  </body>\n</html>\n',
    );

    run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], app);

    // The READMEs as shipped in the tarballs.
    examples = PUBLISHED.flatMap((p) =>
      readmeExamples(
        p.name,
        readFileSync(join(app, 'node_modules', p.name, 'README.md'), 'utf8'),
        p.runtime === 'node',
      ),
    );
    const browser = examples.filter((e) => !e.node);
    for (const e of examples) writeFileSync(join(app, e.node ? 'node-examples' : 'src/examples', e.file), e.code);
    // The browser packages' React- and Supabase-free root entries load in plain Node too (ESM with .js specifiers).
    writeFileSync(
      join(app, 'node-examples', 'root-entries.ts'),
      [
        "import { classifyRoute, MESSAGES } from '@bahi/auth-machine';",
        "import { PLANS, subscriptionState } from '@bahi/billing';",
        '',
        "if (classifyRoute('/dashboard') !== 'subscription-required') throw new Error('classifyRoute');",
        "if (PLANS.yearly.amount !== 3240 || subscriptionState(null) !== 'none') throw new Error('billing');",
        'console.log(MESSAGES.verifyingAccess);',
        '',
      ].join('\n'),
    );
    const modules = browser.map((e, i) => ({ name: `example${i}`, from: `./examples/${e.file}` }));
    writeFileSync(
      join(app, 'src', 'main.tsx'),
      [
        "import { StrictMode } from 'react';",
        "import { createRoot } from 'react-dom/client';",
        ...modules.map((m) => `import * as ${m.name} from '${m.from}';`),
        '',
        `const examples: object[] = [${modules.map((m) => m.name).join(', ')}];`,
        '',
        "createRoot(document.getElementById('root')!).render(",
        '  <StrictMode>',
        '    <p>{examples.length} examples</p>',
        '  </StrictMode>,',
        ');',
        '',
      ].join('\n'),
    );
  });

  afterAll(() => {
    if (work && !process.env.BAHI_KEEP_CONSUMER) rmSync(work, { recursive: true, force: true });
  });

  it('finds example blocks in every README', () => {
    for (const p of PUBLISHED) expect(examples.filter((e) => e.pkg === p.name).length, p.name).toBeGreaterThan(0);
  });

  it('type-checks the app and the examples with the template tsconfig (tsc -b)', () => {
    run(join(app, 'node_modules/.bin/tsc'), ['-b'], app);
  });

  it('bundles them (vite build)', () => {
    const out = run(join(app, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], app);
    expect(out).not.toMatch(/error/i);
  });

  it("writes @bahi/billing's migration and razorpay function into a project (bahi-billing init), where a payment activates a subscription on the local stack", () => {
    const cli = join(app, 'node_modules/.bin/bahi-billing');
    expect(() => run(cli, ['init'], app)).toThrow(/No supabase\/ folder/);
    mkdirSync(join(app, 'supabase'));
    writeFileSync(
      join(app, 'supabase', 'config.toml'),
      'project_id = "consumer"\n\n[auth]\nsite_url = "http://127.0.0.1:3000"\n',
    );

    const first = run(cli, ['init'], app);
    expect(first).toMatch(/^written +supabase\/migrations\/\d{14}_bahi_billing\.sql$/m);
    expect(first).toMatch(/^written +supabase\/functions\/razorpay\/index\.ts$/m);
    expect(first).toMatch(/^written +supabase\/functions\/razorpay\/deno\.json$/m);
    const config = readFileSync(join(app, 'supabase', 'config.toml'), 'utf8');
    expect(config).toMatch(/^\[functions\.razorpay\]\n(#.*\n)*verify_jwt = false$/m);
    // Run again: nothing changes, and config.toml keeps one section.
    const again = run(cli, ['init'], app);
    expect(again).not.toMatch(/^written/m);
    expect(readFileSync(join(app, 'supabase', 'config.toml'), 'utf8')).toBe(config);

    // A project's own edit is not overwritten without --force.
    const http = join(app, 'supabase', 'functions', 'razorpay', 'http.ts');
    const shipped = readFileSync(http, 'utf8');
    writeFileSync(http, `${shipped}// edited\n`);
    expect(() => run(cli, ['init'], app)).toThrow(/differs +supabase\/functions\/razorpay\/http\.ts/);
    expect(readFileSync(http, 'utf8')).toBe(`${shipped}// edited\n`);
    run(cli, ['init', '--force'], app);
    expect(readFileSync(http, 'utf8')).toBe(shipped);

    // The project on supabase-local: sign up, create an order, pay in the Razorpay sandbox, verify, read back.
    const payScript = `import { loadConfig, startServer } from '@bahi/supabase-local';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';

const server = await startServer(await loadConfig({ workdir: process.cwd(), port: 0 }));
try {
  const supabase = createClient(server.url, server.anonKey, {
    realtime: { transport: WebSocket },
    auth: { persistSession: false },
  });
  const email = 'payer@example.com';
  const { error: signUpError } = await supabase.auth.signUp({ email, password: 'correct-horse-battery' });
  if (signUpError) throw signUpError;
  const invoke = async (body) => {
    const { data, error } = await supabase.functions.invoke('razorpay', { body });
    if (error) throw new Error(\`\${body.action}: \${await error.context.text()}\`);
    return data;
  };
  const order = await invoke({ action: 'create-order', planType: 'yearly', amount: 3240 });
  const paid = await fetch(\`\${server.url}/razorpay-sandbox/checkout/pay\`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ order_id: order.order_id, key: order.key_id, vpa: 'success@razorpay', email, contact: '' }),
  });
  const verified = await invoke({ action: 'verify-payment', ...(await paid.json()) });
  const { data: rows, error } = await supabase.from('subscriptions').select('status, plan');
  if (error) throw error;
  console.log(JSON.stringify({ amount: order.amount, verified: verified.success, rows }));
} finally {
  await server.stop();
}
`;
    writeFileSync(join(app, 'pay.mjs'), payScript);
    const result = JSON.parse(run(process.execPath, ['pay.mjs'], app, 120_000).trim().split('\n').pop() ?? '');
    expect(result).toEqual({ amount: 324_000, verified: true, rows: [{ status: 'active', plan: 'yearly' }] });
  });

  it('runs the Node examples with plain node (and the root entries of the others, type-checked for NodeNext)', () => {
    run(join(app, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.node-examples.json'], app);
    const files = [...examples.filter((e) => e.node).map((e) => e.file), 'root-entries.ts'];
    for (const file of files) {
      run(process.execPath, [join('node-examples-out', file.replace(/\.ts$/, '.js'))], app, 60_000);
    }
  });
});
