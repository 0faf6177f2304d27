#!/usr/bin/env node
// Built by `npm install` (the prepare script) into dist/, bundled into one file (scripts/bundle.js).
require('../dist/bundle/cli/main.js')
  .main(process.argv)
  .then((code) => {
    process.exitCode = code;
  });
