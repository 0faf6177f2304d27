/**
 * Every test must assert something that could fail: a test that only "does not throw" passes
 * for the wrong reasons. Registered in jest.config.js (setupFilesAfterEnv).
 */
beforeEach(() => {
  expect.hasAssertions();
});
