// The closing line of `npm test`: the unit/API and browser test counts added up, in the plain
// "N passed, N failed" form CI reads. Reads the JSON reports vitest and Playwright wrote under reports/.
import { readFileSync } from 'node:fs';

function read(file) {
  try {
    return JSON.parse(readFileSync(new URL(`../reports/${file}`, import.meta.url), 'utf8'));
  } catch {
    return null;
  }
}

const vitest = read('vitest.json');
const playwright = read('playwright.json');
let passed = 0;
let failed = 0;
let skipped = 0;
if (vitest) {
  passed += vitest.numPassedTests ?? 0;
  failed += vitest.numFailedTests ?? 0;
  skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
}
if (playwright?.stats) {
  passed += playwright.stats.expected ?? 0;
  failed += (playwright.stats.unexpected ?? 0) + (playwright.stats.flaky ?? 0);
  skipped += playwright.stats.skipped ?? 0;
}
if (!vitest || !playwright) {
  console.error(`test summary: missing report(s): ${[!vitest && 'vitest', !playwright && 'playwright'].filter(Boolean).join(', ')}`);
  process.exitCode = 1;
}
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
if (failed > 0) process.exitCode = 1;
