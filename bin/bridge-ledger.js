#!/usr/bin/env node
// Built by `npm install` (the prepare script) into dist/.
require('../dist/src/cli/main.js')
  .main(process.argv)
  .then((code) => {
    process.exitCode = code;
  });
