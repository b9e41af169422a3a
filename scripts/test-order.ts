/**
 * The order test files start in (vitest `sequence.sequencer` of the server and browser
 * projects): longest first, by the durations of a recorded run (`test-durations.json`,
 * rewritten by `npm run test:durations` from the last `npm test`'s reports), so no long
 * file starts last and ends its stage alone while the other workers idle. Files not yet
 * recorded go first. Vitest's own cache orders this way on a checkout that ran the suite
 * before; a fresh clone (CI, a new machine) has none and would start the largest files
 * by bytes, which put the 80 s accessibility sweep last.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const DURATIONS: Record<string, number> = JSON.parse(
  readFileSync(new URL('./test-durations.json', import.meta.url), 'utf8'),
) as Record<string, number>;

const UNKNOWN = Number.MAX_SAFE_INTEGER;

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const seconds = (f: TestSpecification) => DURATIONS[relative(root, f.moduleId)] ?? UNKNOWN;
    return [...files].sort((a, b) => seconds(b) - seconds(a));
  }
}
