// Each test file's wall time at the end of a run, longest first (TEST_TIMES_TOP of them, 15 by default), beside the time
// its tests' bodies took: the rest is loading the app's modules and the hooks (app boots). Jest's default reporter names
// the files only, so a slow file showed only by timing each one again (docs/testing.md).
export default class FileTimesReporter {
  onRunComplete(_contexts, results) {
    const files = results.testResults
      .map((r) => ({
        path: r.testFilePath.replace(`${process.cwd()}/`, ''),
        seconds: (r.perfStats.end - r.perfStats.start) / 1000,
        tests: r.testResults.reduce((sum, t) => sum + (t.duration ?? 0), 0) / 1000,
        failed: r.numFailingTests > 0 || !!r.testExecError,
      }))
      .sort((a, b) => b.seconds - a.seconds);
    const total = files.reduce((sum, f) => sum + f.seconds, 0);
    const lines = files
      .slice(0, Number(process.env.TEST_TIMES_TOP ?? 15))
      .map((f) => `  ${f.failed ? 'FAIL' : 'pass'} ${f.seconds.toFixed(1).padStart(6)} s (tests ${f.tests.toFixed(1).padStart(5)} s)  ${f.path}`);
    process.stderr.write(`\nslowest test files (${files.length} files, ${total.toFixed(0)} s of file time):\n${lines.join('\n')}\n`);
  }
}
