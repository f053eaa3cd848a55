/**
 * Runs the suite's slowest files first. Vitest orders files by the durations it cached on this
 * machine; a fresh checkout (CI) has no cache, so files would run in path order and the longest
 * (the crash tests, the browser journeys) could start last and leave one worker running alone at
 * the end. test/durations.json holds each file's seconds from a full run (both databases); a file
 * missing from it counts as a short one. The order changes only when files start, never a result.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { TestSpecification } from 'vitest/node';
import { BaseSequencer } from 'vitest/node';

const UNKNOWN_SECONDS = 5;

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const durations = JSON.parse(readFileSync(new URL('./durations.json', import.meta.url), 'utf8')) as Record<
      string,
      number
    >;
    const seconds = (f: TestSpecification) => durations[relative(f.project.config.root, f.moduleId)] ?? UNKNOWN_SECONDS;
    return [...files].sort((a, b) => seconds(b) - seconds(a));
  }
}
