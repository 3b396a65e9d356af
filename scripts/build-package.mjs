// `npm run build` of a published package (run in its folder): dist/ from src/ with tsgo -p tsconfig.build.json (the
// native TypeScript compiler, @typescript/native-preview: the same JavaScript and declarations as tsc 5.9 gives, bar
// the quote style, in a quarter of the time; `npm run typecheck` still checks with tsc), plus
// the folders of src/ named by `--copy <folder>` that the compiled code reads at run time (supabase-local's sql/), and
// `--ship <folder> <dist folder>`: TypeScript sources from outside the package shipped as they are, without their
// tests (billing's copy of supabase/functions/razorpay, which its CLI writes into a user's project).
// Sources import `./x.ts`; the compiler's rewriteRelativeImportExtensions turns that into `./x.js` in the JavaScript but not
// in the declarations, so the declarations get the same rewrite here: every TypeScript version and module
// resolution (node16/nodenext included) then reads them.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const root = process.cwd();
const tsgo = join(
  dirname(createRequire(import.meta.url).resolve('@typescript/native-preview/package.json')),
  'bin/tsgo',
);

rmSync(join(root, 'dist'), { recursive: true, force: true });
const result = spawnSync(process.execPath, [tsgo, '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
if (result.status !== 0) process.exit(result.status ?? 1);
const args = process.argv.slice(2);
for (let i = args.indexOf('--copy'); i !== -1; i = args.indexOf('--copy', i + 1)) {
  cpSync(join(root, 'src', args[i + 1]), join(root, 'dist', args[i + 1]), { recursive: true });
}
for (let i = args.indexOf('--ship'); i !== -1; i = args.indexOf('--ship', i + 1)) {
  const from = join(root, args[i + 1]);
  const to = join(root, 'dist', args[i + 2]);
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) {
    if (name.endsWith('.ts') && !/\.test(-support)?\.ts$/.test(name)) cpSync(join(from, name), join(to, name));
  }
}
for (const entry of readdirSync(join(root, 'dist'), { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith('.d.ts')) continue;
  const file = join(entry.parentPath, entry.name);
  const text = readFileSync(file, 'utf8');
  const fixed = text.replace(/((?:from|import)\s*\(?\s*['"])(\.{1,2}\/[^'"]*)\.tsx?(['"])/g, '$1$2.js$3');
  if (fixed !== text) writeFileSync(file, fixed);
}
