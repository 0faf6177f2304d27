// A bundle written in ASCII: Node reads a file of ASCII into a one-byte string, about twice as
// fast as one with a few non-ASCII characters (a two-byte string of twice the memory), and V8
// scans it as such. esbuild escapes the strings it writes but leaves regular expression
// literals and comments as they are (the validator package's alphabets, a library's JSDoc).
// On a line with an escape, the source map's later columns are off by the escapes' length.
'use strict';

/**
 * `text` with every non-ASCII UTF-16 code unit written as a `\uXXXX` escape: the same program
 * in a string, a template, an identifier, a regular expression (a pair of surrogates escaped
 * is one code point under the `u` flag) and a comment. A non-ASCII character escaped by a
 * backslash (`\é`) would change meaning: refused, naming where.
 */
function asciiSource(text, name = 'source') {
  const escaped = /\\[\u0080-\uffff]/.exec(text);
  if (escaped) {
    const line = text.slice(0, escaped.index).split('\n').length;
    throw new Error(`${name}:${line}: a non-ASCII character after a backslash cannot be escaped`);
  }
  return text.replace(
    /[\u0080-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

module.exports = { asciiSource };
