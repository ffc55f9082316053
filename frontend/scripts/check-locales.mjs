// `npm run check:locales`: fails when zh-CN misses a key or a {{placeholder}} that en has,
// or has keys en does not (CONVENTIONS 12). en is the source language.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { diffLocales } from './locale-diff.mjs';

const LOCALES = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'i18n', 'locales');
const SOURCE = 'en';
const TRANSLATIONS = ['zh-CN'];

function readLocale(language) {
  const dir = join(LOCALES, language);
  return Object.fromEntries(
    readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [basename(file, '.json'), JSON.parse(readFileSync(join(dir, file), 'utf8'))]),
  );
}

const source = readLocale(SOURCE);
let failed = false;
for (const language of TRANSLATIONS) {
  const problems = diffLocales(source, readLocale(language));
  for (const problem of problems) console.error(`${language} ${problem}`);
  if (problems.length > 0) failed = true;
  else console.log(`${language}: all ${Object.keys(source).length} namespaces match ${SOURCE}`);
}
process.exit(failed ? 1 : 0);
