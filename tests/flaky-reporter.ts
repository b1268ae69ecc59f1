// Names every test that failed and then passed on its retry (the server and e2e projects retry a
// failed test once: vitest.config.ts, docs/decisions.md "Session 11"). A retry lands a run that a
// loaded machine's timing upset; it must not hide the flake, so each one is printed at the end of
// the run with the error of its failed try, to be fixed like any other failure.
import { relative } from 'node:path';
import type { Reporter, TestCase } from 'vitest/node';

interface Flake {
  where: string;
  tries: number;
  error: string;
}

export default class FlakyReporter implements Reporter {
  private readonly flakes: Flake[] = [];

  onTestCaseResult(testCase: TestCase): void {
    const diagnostic = testCase.diagnostic();
    const result = testCase.result();
    if (!diagnostic?.flaky || result.state !== 'passed') return;
    const first = result.errors?.[0];
    this.flakes.push({
      where: `${testCase.project.name} ${relative(process.cwd(), testCase.module.moduleId)} > ${testCase.fullName}`,
      tries: diagnostic.retryCount + 1,
      error: first ? `${first.name ?? 'Error'}: ${first.message.split('\n')[0]}` : '(no error recorded)',
    });
  }

  onTestRunEnd(): void {
    if (this.flakes.length === 0) return;
    const lines = this.flakes.map((f) => `  ${f.where}\n    passed on try ${f.tries}; the failed try: ${f.error}`);
    console.log(`\nFLAKY: ${this.flakes.length} test(s) failed and then passed on retry; fix them like failures:\n${lines.join('\n')}\n`);
  }
}
