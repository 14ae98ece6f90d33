// What the debugger needs of a source's AST to find local variables on the stack: each function's and modifier's
// parameters, return variables and local declarations (name, type, source range), and each struct's members. Only
// this is kept; the AST itself (often megabytes) is dropped once read. The AST comes from the build output, so it
// is walked with bounds: a node budget and an explicit stack instead of recursion.

/** A variable declaration: a parameter, a return variable, a local, or a struct member. */
export interface Declaration {
  /** The AST node id (identifiers name their declaration by it); -1 when unknown. */
  id: number;
  name: string;
  /** solc's type string, e.g. `uint256`, `struct C.P memory`, `uint256[] calldata slice`. */
  type: string;
  /** Byte range in the source (what the source map names where its stack slot is made). */
  start: number;
  length: number;
}

/** A byte range in a source. */
export interface SourceRange {
  start: number;
  length: number;
}

export interface Callable {
  kind: 'function' | 'modifier' | 'constructor';
  /** The AST node id (modifier invocations name modifiers by it). */
  id: number;
  name: string;
  /** The contract (or library) that defines it; '' for a free function. */
  contract: string;
  start: number;
  length: number;
  /** Where its body starts (-1 without one): what comes before is its header. */
  bodyStart: number;
  params: Declaration[];
  returns: Declaration[];
  locals: Local[];
  /** The modifiers a function invokes, by node id, in order (-1: a base constructor's arguments, or unknown). */
  modifiers: number[];
  /** Where each of those invocations is in the header (`onlyRole(KEEPER)`), in the same order. */
  invocations: SourceRange[];
  /** A modifier's: stack items of its locals in scope at `_`. */
  placeholder: number | undefined;
  /** A modifier's: where its (first) `_` is. */
  placeholderAt: SourceRange | undefined;
  /** Where the body reads a variable (an identifier) or writes one (an assignment, `++`, `delete`, a declaration). */
  refs: Reference[];
  /** The comparisons in the body (`i < n`, `v > 50`, `j == 0`): the operands an instruction compares are their values. */
  comparisons: Comparison[];
}

/** A comparison's operand: a variable (AST id), a number literal, or anything else (undefined). */
export type Operand = { decl: number } | { literal: bigint } | undefined;

export interface Comparison {
  start: number;
  length: number;
  operator: '<' | '>' | '<=' | '>=' | '==' | '!=';
  left: Operand;
  right: Operand;
}

export interface Reference {
  /** The variable's AST id. */
  decl: number;
  start: number;
  length: number;
  write: boolean;
  /**
   * A write's value expression, when the variable takes exactly its value: a single declaration's initial value, or
   * the right side of a plain `=` to the variable alone (not `+=`, not a tuple).
   */
  value?: { start: number; length: number };
  /** An assignment to the variable alone (`x = …`, `x += …`): the assignment's own value is the variable's new one. */
  assigns?: true;
}

export interface SourceDeclarations {
  callables: Callable[];
  /** Struct members by the struct's canonical name (`Contract.Struct`). */
  structs: ReadonlyMap<string, Declaration[]>;
}

/** More AST nodes than any real source has; a hostile build output stops here. */
const MAX_NODES = 2_000_000;
const MAX_NAME = 200;
const MAX_TYPE = 500;

type Node = Record<string, unknown>;

const UNKNOWN: Declaration = { id: -1, name: '', type: '', start: -1, length: 0 };

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

function range(node: Node): { start: number; length: number } | undefined {
  const m = typeof node.src === 'string' ? /^(\d+):(\d+):-?\d+$/.exec(node.src) : null;
  return m ? { start: Number(m[1]), length: Number(m[2]) } : undefined;
}

function declaration(node: unknown): Declaration | undefined {
  if (!isNode(node) || node.nodeType !== 'VariableDeclaration') return undefined;
  const at = range(node);
  const type = isNode(node.typeDescriptions) ? node.typeDescriptions.typeString : undefined;
  if (!at || typeof node.name !== 'string' || node.name.length > MAX_NAME || typeof type !== 'string' || type.length > MAX_TYPE)
    return undefined;
  // A declaration's type string leaves out where a reference points; `storageLocation` says it.
  const location =
    typeof node.storageLocation === 'string' &&
    /^(memory|calldata|storage)$/.test(node.storageLocation) &&
    !type.includes(` ${node.storageLocation}`)
      ? ` ${node.storageLocation}`
      : '';
  return { id: typeof node.id === 'number' ? node.id : -1, name: node.name, type: type + location, ...at };
}

function parameters(list: unknown): Declaration[] {
  const params = isNode(list) && Array.isArray(list.parameters) ? list.parameters : [];
  return params.map((p) => declaration(p) ?? UNKNOWN);
}

/**
 * Where a local is in scope and which stack items precede it there: solc's legacy code generator pushes a block's
 * locals in order and pops them at its end, so a local's slot above the function's return variables is the size of
 * the locals declared before it in the blocks that enclose it.
 */
export interface LocalScope {
  /** The block (or `for` statement) it is declared in. */
  scopeStart: number;
  scopeEnd: number;
  /** Where its declaration statement ends: from here on it holds its value. */
  declaredAt: number;
  /** Stack items of the locals before it, in its callable. */
  offset: number;
}

export type Local = Declaration & LocalScope;

/** Stack items a variable of this type takes in the legacy code generator (calldata arrays: offset and length). */
export function stackSize(type: string): number {
  if (/(\[\]|^bytes|^string)\s+calldata\b/.test(type)) return 2;
  return /^function\b.*\bexternal\b/.test(type) ? 2 : 1;
}

/** Nesting followed at most (solc refuses far less deep code; a hostile AST stops here). */
const MAX_NESTING = 1000;

interface Walk {
  budget: { nodes: number };
  locals: Local[];
  /** Stack items of locals in scope at the modifier's `_`, and where it is. */
  placeholder?: number;
  placeholderAt?: SourceRange;
}

/** The locals under `node`, in scope order; `offset` is the stack items of those declared before, in scope. */
function walkLocals(node: unknown, scope: { start: number; end: number }, offset: number, depth: number, w: Walk): number {
  if (depth > MAX_NESTING || w.budget.nodes-- <= 0) return offset;
  if (Array.isArray(node)) {
    for (const child of node) offset = walkLocals(child, scope, offset, depth + 1, w);
    return offset;
  }
  if (!isNode(node)) return offset;
  if (node.nodeType === 'VariableDeclarationStatement' && Array.isArray(node.declarations)) {
    const end = range(node);
    for (const d of node.declarations) {
      const found = declaration(d);
      if (!found) continue;
      w.locals.push({
        ...found,
        scopeStart: scope.start,
        scopeEnd: scope.end,
        declaredAt: end ? end.start + end.length : found.start + found.length,
        offset,
      });
      offset += stackSize(found.type);
    }
    return offset;
  }
  if (node.nodeType === 'PlaceholderStatement' && w.placeholder === undefined) {
    w.placeholder = offset;
    w.placeholderAt = range(node);
  }
  const opens = node.nodeType === 'Block' || node.nodeType === 'UncheckedBlock' || node.nodeType === 'ForStatement';
  const at = opens ? range(node) : undefined;
  const inner = at ? { start: at.start, end: at.start + at.length } : scope;
  // A `for` statement's own variable comes before its body's; other keys hold no declarations of this scope level.
  const children =
    node.nodeType === 'ForStatement'
      ? [node.initializationExpression, node.condition, node.loopExpression, node.body]
      : Object.values(node).filter((v) => typeof v === 'object' && v !== null);
  let running = offset;
  for (const child of children) running = walkLocals(child, inner, running, depth + 1, w);
  // Leaving a block pops its locals; inside an expression or a plain statement, declarations stay in this scope.
  return opens ? offset : running;
}

const WRITES_OPERAND = new Set(['++', '--', 'delete']);

/** The identifiers an assignment's left side names (`x`, `(a, b)`). */
function assigned(node: unknown): number[] {
  if (!isNode(node)) return [];
  if (node.nodeType === 'Identifier' && typeof node.referencedDeclaration === 'number') return [node.referencedDeclaration];
  return node.nodeType === 'TupleExpression' && Array.isArray(node.components) ? node.components.flatMap(assigned) : [];
}

const COMPARISONS = new Set(['<', '>', '<=', '>=', '==', '!=']);
/** Longest number literal read (a uint256 in decimal has 78 digits). */
const MAX_LITERAL = 80;

function operand(node: unknown): Operand {
  if (!isNode(node)) return undefined;
  if (node.nodeType === 'Identifier' && typeof node.referencedDeclaration === 'number') return { decl: node.referencedDeclaration };
  // Plain decimal or hex digits only: units, exponents and underscores are left unread.
  const text = node.nodeType === 'Literal' && node.kind === 'number' && node.subdenomination == null ? node.value : undefined;
  return typeof text === 'string' && text.length <= MAX_LITERAL && /^(?:\d+|0x[0-9a-fA-F]+)$/.test(text)
    ? { literal: BigInt(text) }
    : undefined;
}

/**
 * The Solidity variables an `assembly` block assigns (`x := …`): the external references that are the target of a
 * Yul assignment. Without a Yul AST (solc before 0.6.x keeps only text) every variable it names may be assigned.
 */
function assemblyWrites(node: Node, budget: { nodes: number }): number[] {
  // 0.6 on: [{ declaration, src }]; before: [{ <name>: { declaration, src } }].
  const refs = (Array.isArray(node.externalReferences) ? node.externalReferences : [])
    .flatMap((r) => (isNode(r) && 'declaration' in r ? [r] : isNode(r) ? Object.values(r) : []))
    .filter((r): r is Node => isNode(r) && typeof r.declaration === 'number');
  if (!isNode(node.AST)) return refs.map((r) => r.declaration as number);
  const targets = new Set<unknown>();
  const todo: unknown[] = [node.AST];
  while (todo.length && budget.nodes-- > 0) {
    const n = todo.pop();
    if (Array.isArray(n)) todo.push(...(n as unknown[]));
    else if (isNode(n)) {
      if (n.nodeType === 'YulAssignment' && Array.isArray(n.variableNames))
        for (const v of n.variableNames) if (isNode(v)) targets.add(v.src);
      for (const value of Object.values(n)) if (typeof value === 'object' && value !== null) todo.push(value);
    }
  }
  return refs.filter((r) => targets.has(r.src)).map((r) => r.declaration as number);
}

/** Every read and write of a variable under `body`, and every comparison. */
function referencesUnder(body: unknown, budget: { nodes: number }): { refs: Reference[]; comparisons: Comparison[] } {
  const out: Reference[] = [];
  const comparisons: Comparison[] = [];
  const todo: unknown[] = [body];
  while (todo.length && budget.nodes-- > 0) {
    const node = todo.pop();
    if (Array.isArray(node)) {
      todo.push(...(node as unknown[]));
      continue;
    }
    if (!isNode(node)) continue;
    const at = range(node);
    if (at) {
      const write = (ids: number[], value?: unknown, assigns = false) => {
        const of = ids.length === 1 && isNode(value) ? range(value) : undefined;
        for (const decl of ids)
          out.push({ decl, ...at, write: true, ...(of && { value: of }), ...(assigns && { assigns: true as const }) });
      };
      if (node.nodeType === 'Identifier' && typeof node.referencedDeclaration === 'number')
        out.push({ decl: node.referencedDeclaration, ...at, write: false });
      else if (node.nodeType === 'Assignment') {
        const alone = isNode(node.leftHandSide) && node.leftHandSide.nodeType === 'Identifier';
        write(assigned(node.leftHandSide), alone && node.operator === '=' ? node.rightHandSide : undefined, alone);
      } else if (node.nodeType === 'UnaryOperation' && typeof node.operator === 'string' && WRITES_OPERAND.has(node.operator))
        write(assigned(node.subExpression));
      else if (node.nodeType === 'InlineAssembly') write(assemblyWrites(node, budget));
      else if (node.nodeType === 'BinaryOperation' && typeof node.operator === 'string' && COMPARISONS.has(node.operator))
        comparisons.push({
          ...at,
          operator: node.operator as Comparison['operator'],
          left: operand(node.leftExpression),
          right: operand(node.rightExpression),
        });
      else if (node.nodeType === 'VariableDeclarationStatement' && Array.isArray(node.declarations))
        write(
          node.declarations.flatMap((d) => (isNode(d) && typeof d.id === 'number' ? [d.id] : [])),
          node.declarations.length === 1 ? node.initialValue : undefined,
        );
    }
    for (const value of Object.values(node)) if (typeof value === 'object' && value !== null) todo.push(value);
  }
  return { refs: out, comparisons };
}

/** The declarations of a solc `SourceUnit` AST; undefined when it is not one. */
export function declarationsOf(ast: unknown): SourceDeclarations | undefined {
  if (!isNode(ast) || ast.nodeType !== 'SourceUnit' || !Array.isArray(ast.nodes)) return undefined;
  const callables: Callable[] = [];
  const structs = new Map<string, Declaration[]>();
  const budget = { nodes: MAX_NODES };
  // Each node with the contract it is in.
  const todo: Array<{ node: unknown; contract: string }> = ast.nodes.map((node) => ({ node, contract: '' }));
  while (todo.length && budget.nodes-- > 0) {
    const { node, contract } = todo.pop()!;
    if (!isNode(node)) continue;
    if (node.nodeType === 'ContractDefinition' && Array.isArray(node.nodes)) {
      const name = typeof node.name === 'string' ? node.name.slice(0, MAX_NAME) : '';
      todo.push(...node.nodes.map((child) => ({ node: child, contract: name })));
    } else if (node.nodeType === 'StructDefinition' && typeof node.canonicalName === 'string' && Array.isArray(node.members)) {
      structs.set(
        node.canonicalName,
        node.members.map((m) => declaration(m) ?? UNKNOWN),
      );
    } else if ((node.nodeType === 'FunctionDefinition' || node.nodeType === 'ModifierDefinition') && typeof node.name === 'string') {
      const at = range(node);
      if (!at || typeof node.id !== 'number') continue;
      const walk: Walk = { budget, locals: [] };
      walkLocals(node.body, { start: at.start, end: at.start + at.length }, 0, 0, walk);
      const modifiers = Array.isArray(node.modifiers) ? node.modifiers : [];
      callables.push({
        kind: node.nodeType === 'ModifierDefinition' ? 'modifier' : node.kind === 'constructor' ? 'constructor' : 'function',
        id: node.id,
        name: node.name.slice(0, MAX_NAME),
        contract,
        ...at,
        bodyStart: (isNode(node.body) ? range(node.body)?.start : undefined) ?? -1,
        params: parameters(node.parameters),
        returns: parameters(node.returnParameters),
        locals: walk.locals,
        modifiers: modifiers.map((m) =>
          isNode(m) &&
          m.kind !== 'baseConstructorSpecifier' &&
          isNode(m.modifierName) &&
          typeof m.modifierName.referencedDeclaration === 'number'
            ? m.modifierName.referencedDeclaration
            : -1,
        ),
        invocations: modifiers.map((m) => (isNode(m) && range(m)) || { start: -1, length: 0 }),
        placeholder: walk.placeholder,
        placeholderAt: walk.placeholderAt,
        ...referencesUnder(node.body, budget),
      });
    }
  }
  return { callables, structs };
}
