/**
 * Names every test that did not run (skipped, or a whole file skipped): a test that cannot run
 * here says so by name at the end of the run, not only as a count.
 */
class SkippedReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.testResults.flatMap((file) =>
      file.testResults
        .filter((t) => t.status === 'pending' || t.status === 'todo')
        .map((t) => `  skipped: ${t.fullName}`),
    );
    if (skipped.length)
      process.stderr.write(`\n${skipped.length} skipped:\n${skipped.join('\n')}\n`);
  }
}

module.exports = SkippedReporter;
