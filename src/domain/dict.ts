/**
 * A record keyed by ids. Made without a prototype, V8 keeps it as a hash table from the start:
 * a literal `{}` given thousands of distinct uuid keys builds a hidden class per key first,
 * which made folding a season's results several times dearer. Plain JSON all the same.
 */
export const dict = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;
