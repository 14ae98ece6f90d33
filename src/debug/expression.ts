// The small expression language of breakpoint conditions, Watch and hover. Values are unsigned 256-bit integers
// (bigint) or opcode names (strings); comparisons and booleans give 1 or 0, so `stack[-1] & 0xff == 3` reads as it
// does in Solidity. Grammar, loosest first:
//   or := and ('||' and)*          and := cmp ('&&' cmp)*        cmp := sum (('=='|'!='|'<'|'<='|'>'|'>=') sum)?
//   sum := prod (('+'|'-'|'&'|'|'|'^') prod)*                    prod := unary (('*'|'/'|'%'|'<<'|'>>') unary)*
//   unary := ('!'|'-')? atom       atom := number | "STRING" | name | name '[' or ']' | '(' or ')'
// Names: step, depth, pc, op, gas, gasCost; stack[i] (negative from the top: stack[-1] is the top), memory[offset]
// (the 32-byte word at a byte offset), storage[slot]. A bare opcode name in capitals (SSTORE) is a string, so
// `op == SSTORE`; any other name is an error, never a value (a misspelt or unknown variable must not read as text).
import { isOpcodeName } from '../core/sourcemap/opcodes';

export type Value = bigint | string;

/** What an expression can read at one step; undefined for a part the trace does not have. */
export interface EvalContext {
  scalar(name: 'step' | 'depth' | 'pc' | 'op' | 'gas' | 'gasCost'): Value;
  /** A name the expression was made to know (a data breakpoint's variable: its new value). */
  variable?(name: string): bigint | undefined;
  stack(index: bigint): bigint | undefined;
  memory(offset: bigint): bigint | undefined;
  storage(slot: bigint): bigint | undefined;
}

export class ExpressionError extends Error {}

type Node =
  | { k: 'lit'; v: Value }
  | { k: 'name'; name: string }
  | { k: 'var'; name: string }
  | { k: 'index'; target: 'stack' | 'memory' | 'storage'; index: Node }
  | { k: 'un'; op: '!' | '-'; arg: Node }
  | { k: 'bin'; op: string; left: Node; right: Node };

const SCALARS = new Set(['step', 'depth', 'pc', 'op', 'gas', 'gasCost']);
const INDEXED = new Set(['stack', 'memory', 'storage']);
const MAX_LENGTH = 1000;
const WORD = (1n << 256n) - 1n;
const TOKEN = /\s*(0x[0-9a-fA-F]+|\d+|[A-Za-z_][A-Za-z0-9_]*|"[^"]*"|'[^']*'|==|!=|<=|>=|&&|\|\||<<|>>|[-+*/%<>!()[\]&|^])/y;
const TRAILING_SPACE = /\s*$/y;

interface Token {
  text: string;
  /** 1-based column of its first character. */
  column: number;
}

/** One pass over the text: each token is matched where the last ended (sticky), never on a slice of the rest. */
function tokenize(text: string): Token[] {
  if (text.length > MAX_LENGTH) throw new ExpressionError(`The expression is longer than ${MAX_LENGTH} characters.`);
  const tokens: Token[] = [];
  let at = 0;
  for (;;) {
    TRAILING_SPACE.lastIndex = at;
    if (TRAILING_SPACE.test(text)) break;
    TOKEN.lastIndex = at;
    const m = TOKEN.exec(text);
    if (!m) {
      const column = at + text.slice(at).search(/\S/) + 1;
      throw new ExpressionError(
        `Unexpected "${text
          .slice(at, at + 40)
          .trim()
          .slice(0, 20)}" at column ${column}.`,
      );
    }
    tokens.push({ text: m[1], column: TOKEN.lastIndex - m[1].length + 1 });
    at = TOKEN.lastIndex;
  }
  return tokens;
}

const LEVELS: string[][] = [['||'], ['&&'], ['==', '!=', '<', '<=', '>', '>='], ['+', '-', '&', '|', '^'], ['*', '/', '%', '<<', '>>']];

class Parser {
  private at = 0;
  /** The first name nobody knows: reported once the whole text parsed, so a syntax error is named as one first. */
  private unknown: Token | undefined;

  constructor(
    private readonly tokens: Token[],
    private readonly variables: ReadonlySet<string>,
    /** Column just past the text, where "at the end" points. */
    private readonly endColumn: number,
  ) {}

  parse(): Node {
    if (this.tokens.length === 0) throw new ExpressionError('The expression is empty.');
    const node = this.level(0);
    const extra = this.tokens[this.at];
    if (extra) throw new ExpressionError(`Unexpected "${extra.text}" at column ${extra.column}.`);
    if (this.unknown) throw new ExpressionError(`"${this.unknown.text}" is not a name the debugger knows here.`);
    return node;
  }

  private peek(): string | undefined {
    return this.tokens[this.at]?.text;
  }

  private expect(t: string): void {
    const next = this.tokens[this.at];
    if (next?.text !== t)
      throw new ExpressionError(
        `Expected "${t}"${next ? ` before "${next.text}" at column ${next.column}` : ` at the end (column ${this.endColumn})`}.`,
      );
    this.at++;
  }

  private level(n: number): Node {
    if (n === LEVELS.length) return this.unary();
    let left = this.level(n + 1);
    // Comparisons do not chain: `a < b < c` is an error, not a surprise.
    const single = n === 2;
    while (LEVELS[n].includes(this.peek() ?? '')) {
      const op = this.tokens[this.at++].text;
      left = { k: 'bin', op, left, right: this.level(n + 1) };
      if (single) break;
    }
    return left;
  }

  private unary(): Node {
    const t = this.peek();
    if (t === '!' || t === '-') {
      this.at++;
      return { k: 'un', op: t, arg: this.unary() };
    }
    return this.atom();
  }

  private atom(): Node {
    const token = this.tokens[this.at++];
    if (token === undefined) {
      const last = this.tokens[this.at - 2];
      throw new ExpressionError(
        `The expression ends too early: a value is missing${last ? ` after "${last.text}"` : ''} at column ${this.endColumn}.`,
      );
    }
    const t = token.text;
    if (t === '(') {
      const inner = this.level(0);
      this.expect(')');
      return inner;
    }
    if (/^(0x[0-9a-fA-F]+|\d+)$/.test(t)) return { k: 'lit', v: BigInt(t) };
    if (/^["']/.test(t)) return { k: 'lit', v: t.slice(1, -1).toUpperCase() };
    if (/^[A-Za-z_]/.test(t)) {
      if (INDEXED.has(t)) {
        this.expect('[');
        const index = this.level(0);
        this.expect(']');
        return { k: 'index', target: t as 'stack' | 'memory' | 'storage', index };
      }
      if (SCALARS.has(t)) return { k: 'name', name: t };
      if (this.variables.has(t)) return { k: 'var', name: t };
      if (t === t.toUpperCase() && isOpcodeName(t)) return { k: 'lit', v: t };
      this.unknown ??= token;
      // `paid[0x99]`: indexed the way a Solidity name is; the name is the problem, not the brackets.
      while (this.peek() === '[') {
        this.at++;
        this.level(0);
        this.expect(']');
      }
      return { k: 'lit', v: 0n };
    }
    throw new ExpressionError(`Unexpected "${t}" at column ${token.column}.`);
  }
}

/** Parsed expressions by text and the names they may read, shared: a thousand breakpoints with one condition hold one tree. */
const parsed = new Map<string, Node>();
const PARSED_KEPT = 1_000;

function parse(text: string, variables: readonly string[]): Node {
  const key = variables.length ? `${variables.join(',')}\u0000${text}` : text;
  let root = parsed.get(key);
  if (!root) {
    root = new Parser(tokenize(text), new Set(variables), text.trimEnd().length + 1).parse();
    if (parsed.size >= PARSED_KEPT) parsed.delete(parsed.keys().next().value!);
    parsed.set(key, root);
  }
  return root;
}

/** A parsed expression, evaluated at any number of steps. */
export class Expression {
  private readonly root: Node;

  /** `variables`: further names it reads through EvalContext.variable. */
  constructor(
    readonly text: string,
    variables: readonly string[] = [],
  ) {
    this.root = parse(text, variables);
  }

  evaluate(ctx: EvalContext): Value {
    return evaluate(this.root, ctx);
  }

  /** Whether the value counts as true: a non-zero number or a non-empty string. */
  test(ctx: EvalContext): boolean {
    return truthy(this.evaluate(ctx));
  }
}

const truthy = (v: Value) => (typeof v === 'string' ? v.length > 0 : v !== 0n);
const bool = (b: boolean): bigint => (b ? 1n : 0n);

function num(v: Value, what: string): bigint {
  if (typeof v === 'bigint') return v;
  throw new ExpressionError(`${what} needs a number, not "${v}".`);
}

function evaluate(node: Node, ctx: EvalContext): Value {
  switch (node.k) {
    case 'lit':
      return node.v;
    case 'name':
      return ctx.scalar(node.name as Parameters<EvalContext['scalar']>[0]);
    case 'var': {
      const v = ctx.variable?.(node.name);
      if (v === undefined) throw new ExpressionError(`${node.name} has no value at this step.`);
      return v;
    }
    case 'index': {
      let index = num(evaluate(node.index, ctx), node.target);
      // Read as a signed word, so stack[-1] (2^256 - 1 after the minus wraps) is the top.
      if (node.target === 'stack' && index >> 255n === 1n) index -= 1n << 256n;
      const v = ctx[node.target](index);
      if (v === undefined) throw new ExpressionError(`${node.target}[${index}] is not in the trace at this step.`);
      return v;
    }
    case 'un': {
      const v = evaluate(node.arg, ctx);
      return node.op === '!' ? bool(!truthy(v)) : -num(v, '-') & WORD;
    }
    case 'bin':
      return binary(node.op, node.left, node.right, ctx);
  }
}

function binary(op: string, l: Node, r: Node, ctx: EvalContext): Value {
  if (op === '&&') return bool(truthy(evaluate(l, ctx)) && truthy(evaluate(r, ctx)));
  if (op === '||') return bool(truthy(evaluate(l, ctx)) || truthy(evaluate(r, ctx)));
  const a = evaluate(l, ctx);
  const b = evaluate(r, ctx);
  if (op === '==') return bool(a === b);
  if (op === '!=') return bool(a !== b);
  const x = num(a, op);
  const y = num(b, op);
  switch (op) {
    case '<':
      return bool(x < y);
    case '<=':
      return bool(x <= y);
    case '>':
      return bool(x > y);
    case '>=':
      return bool(x >= y);
    case '+':
      return (x + y) & WORD;
    case '-':
      return (x - y) & WORD;
    case '*':
      return (x * y) & WORD;
    // The EVM's own rule: dividing by zero gives zero.
    case '/':
      return y === 0n ? 0n : x / y;
    case '%':
      return y === 0n ? 0n : x % y;
    case '&':
      return x & y;
    case '|':
      return x | y;
    case '^':
      return x ^ y;
    case '<<':
      return y > 255n ? 0n : (x << y) & WORD;
    case '>>':
      return y > 255n ? 0n : x >> y;
  }
  throw new ExpressionError(`Unknown operator ${op}.`);
}

/** `0x…` for a number, the name itself for a string. */
export function formatValue(v: Value): string {
  return typeof v === 'string' ? v : `0x${v.toString(16)} (${v.toString()})`;
}
