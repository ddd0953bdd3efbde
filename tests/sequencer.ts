/**
 * The order test files start in. Vitest runs the server tests two at a time and the browser tests
 * after them, one at a time; a long file that starts last runs alone at the end while a core
 * idles (the learner-sample test alone takes ~10 minutes of one core). Files named here start
 * first, longest first; the rest follow in Vitest's own order (on a clean checkout, with no
 * timings cached, larger files first).
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Server test files that take a minute or more, longest first (CI, 2 cores). */
const LONG = [
  'tests/server/pa/learner-sample.test.ts',
  'tests/server/reports/outbox-crash.test.ts',
  'tests/server/hardening/faults.test.ts',
  'tests/server/hardening/permissions.test.ts',
  'tests/server/hardening/accounts.test.ts',
  'tests/server/hardening/account-lifecycle.test.ts',
  'tests/server/pa/upload.test.ts',
  'tests/server/pa/scoring-jobs.test.ts',
  'tests/server/hardening/fuzz.test.ts',
];

const rank = (spec: TestSpecification) => {
  const i = LONG.findIndex((file) => spec.moduleId.endsWith(file));
  return i < 0 ? LONG.length : i;
};

export default class LongFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Array.prototype.sort is stable: within a rank, Vitest's order stays.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
