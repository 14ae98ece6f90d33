// Finds assertions on wall-clock time in test sources: an assertion that reads Date.now() or performance.now(), or
// a name (variable or field) the file set from one of them or from such a name (`gap = b.at - a.at`). Names are
// followed within one file, so a helper must not hand out clock readings (fixture servers record no times). Such a test passes on a quiet machine and fails on a
// loaded one; speed belongs in bench/, pacing code takes a Clock.
const CLOCK = /\b(?:Date\.now|performance\.now)\(\)/;
const ASSIGNED = /(?:\b(?:const|let|var)\s+(\w+)\s*=|\b(\w+)\s*:)\s*(?:Date\.now|performance\.now)\(\)/g;
const DECLARATION = /\b(?:const|let|var)\s+(\w+)\s*=\s*([^;\n]+)/g;
const ASSERTION = /\b(?:assert(?:\.\w+)?|expect)\s*\(/g;

export interface TimedAssertion {
  line: number;
  text: string;
}

/** The argument text of the call whose `(` is at `open`, up to its matching `)`. */
function callArguments(source: string, open: number): string {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    if (source[i] === '(') depth++;
    else if (source[i] === ')' && --depth === 0) return source.slice(open + 1, i);
  }
  return source.slice(open + 1);
}

export function timedAssertions(source: string): TimedAssertion[] {
  const names = new Set([...source.matchAll(ASSIGNED)].map((m) => m[1] ?? m[2]));
  const readsClock = (text: string) => CLOCK.test(text) || [...names].some((name) => new RegExp(`\\b${name}\\b`).test(text));
  const declarations = [...source.matchAll(DECLARATION)];
  for (let grew = true; grew;) {
    const before = names.size;
    for (const [, name, value] of declarations) if (readsClock(value)) names.add(name);
    grew = names.size > before;
  }
  const found: TimedAssertion[] = [];
  for (const m of source.matchAll(ASSERTION)) {
    const args = callArguments(source, m.index + m[0].length - 1);
    if (readsClock(args)) found.push({ line: source.slice(0, m.index).split('\n').length, text: `${m[0]}${args.split('\n')[0]}` });
  }
  return found;
}
