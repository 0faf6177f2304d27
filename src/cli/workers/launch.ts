// A bundled worker's entry (dist/bundle/cli/workers/<name>.js, scripts/bundle.js): it runs the
// worker's bundle (<name>.bundle.js beside it) with V8's code cache (src/cli/code-cache.ts), so a
// rebuild's or a verify's workers start without compiling their bundle again.
import { requireWithCodeCache } from '../code-cache';

const bundle = __filename.replace(/\.js$/, '.bundle');
requireWithCodeCache(`${bundle}.js`, `${bundle}.v8-cache`);
