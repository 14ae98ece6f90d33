import { strict as assert } from 'node:assert';
import { declarationsOf } from '../../../../src/core/locals/declarations';

// AST fragments shaped as solc writes them (compact JSON), built in code.
let nextId = 1;
const v = (name: string, start: number, type = 'uint256', storageLocation = 'default') => ({
  nodeType: 'VariableDeclaration',
  id: nextId++,
  name,
  src: `${start}:10:0`,
  storageLocation,
  typeDescriptions: { typeString: type },
});
const declare = (start: number, ...decls: object[]) => ({
  nodeType: 'VariableDeclarationStatement',
  src: `${start}:20:0`,
  declarations: decls,
});
const block = (start: number, length: number, ...statements: object[]) => ({ nodeType: 'Block', src: `${start}:${length}:0`, statements });
const fn = (body: object, params: object[] = [], returns: object[] = []) => ({
  nodeType: 'FunctionDefinition',
  id: nextId++,
  name: 'f',
  src: '0:1000:0',
  parameters: { nodeType: 'ParameterList', parameters: params },
  returnParameters: { nodeType: 'ParameterList', parameters: returns },
  modifiers: [],
  body,
});
const unit = (...nodes: object[]) => ({ nodeType: 'SourceUnit', nodes: [{ nodeType: 'ContractDefinition', name: 'C', nodes }] });

describe('local declarations from the AST', () => {
  it('gives each local the stack items of the locals before it in its enclosing blocks, and where it is in scope', () => {
    const ast = unit(
      fn(
        block(
          100,
          900,
          declare(110, v('a', 110)),
          block(200, 100, declare(210, v('b', 210), v('p', 220, 'bytes', 'calldata'))),
          declare(400, v('c', 400, 'struct C.S', 'memory')),
        ),
        [v('x', 10)],
        [v('r', 30)],
      ),
    );
    const [f] = declarationsOf(ast)!.callables;
    assert.deepEqual(
      f.locals.map((l) => [l.name, l.type, l.offset, l.scopeStart, l.scopeEnd, l.declaredAt]),
      [
        ['a', 'uint256', 0, 100, 1000, 130],
        ['b', 'uint256', 1, 200, 300, 230],
        // A calldata `bytes` takes two stack items (offset and length); the inner block's are popped before `c`.
        ['p', 'bytes calldata', 2, 200, 300, 230],
        ['c', 'struct C.S memory', 1, 100, 1000, 420],
      ],
    );
    assert.deepEqual([f.params.map((p) => p.name), f.returns.map((r) => r.name)], [['x'], ['r']]);
  });

  it('records where the body reads a variable and where an assignment, `++` or a declaration writes it', () => {
    const x = v('x', 10);
    const read = { nodeType: 'Identifier', referencedDeclaration: x.id, src: '120:1:0' };
    const assign = {
      nodeType: 'Assignment',
      src: '130:6:0',
      leftHandSide: { nodeType: 'Identifier', referencedDeclaration: x.id, src: '130:1:0' },
      rightHandSide: read,
    };
    const bump = {
      nodeType: 'UnaryOperation',
      operator: '++',
      src: '140:3:0',
      subExpression: { nodeType: 'Identifier', referencedDeclaration: x.id, src: '140:1:0' },
    };
    const [f] = declarationsOf(
      unit(
        fn(
          block(100, 900, { nodeType: 'ExpressionStatement', expression: assign }, { nodeType: 'ExpressionStatement', expression: bump }),
          [x],
        ),
      ),
    )!.callables;
    const refs = f.refs.filter((r) => r.write).map((r) => [r.start, r.length]);
    assert.deepEqual(refs.sort(), [
      [130, 6],
      [140, 3],
    ]);
    assert.ok(f.refs.some((r) => !r.write && r.start === 120 && r.decl === x.id));
  });

  it('counts a Yul assignment to a variable in an `assembly` block as a write of it, a mere mention not', () => {
    const [x, y] = [v('x', 10), v('y', 20)];
    const assembly = {
      nodeType: 'InlineAssembly',
      src: '200:40:0',
      externalReferences: [
        { declaration: x.id, src: '210:1:0' },
        { declaration: y.id, src: '220:1:0' },
      ],
      AST: {
        nodeType: 'YulBlock',
        statements: [
          {
            nodeType: 'YulAssignment',
            src: '210:12:0',
            variableNames: [{ nodeType: 'YulIdentifier', name: 'x', src: '210:1:0' }],
            value: { nodeType: 'YulIdentifier', name: 'y', src: '220:1:0' },
          },
        ],
      },
    };
    const [f] = declarationsOf(unit(fn(block(100, 900, assembly), [x, y])))!.callables;
    assert.deepEqual(
      f.refs.filter((r) => r.write).map((r) => [r.decl, r.start, r.length]),
      [[x.id, 200, 40]],
    );
    // Before solc 0.6 the block keeps no Yul AST: every variable it names may be assigned.
    const old = { ...assembly, AST: undefined, externalReferences: [{ x: { declaration: x.id, src: '210:1:0' } }] };
    const [g] = declarationsOf(unit(fn(block(100, 900, old), [x, y])))!.callables;
    assert.deepEqual(
      g.refs.filter((r) => r.write).map((r) => r.decl),
      [x.id],
    );
  });

  it("keeps a modifier's `_`, a function's modifier invocations and body, its contract, and which function is the constructor", () => {
    const modifier = {
      nodeType: 'ModifierDefinition',
      id: 900,
      name: 'onlyRole',
      src: '2000:200:0',
      parameters: { nodeType: 'ParameterList', parameters: [v('role', 2010, 'bytes32')] },
      body: block(2100, 100, declare(2110, v('seen', 2110)), { nodeType: 'PlaceholderStatement', src: '2150:1:0' }),
    };
    const guarded = {
      ...fn(block(500, 100)),
      modifiers: [
        { nodeType: 'ModifierInvocation', src: '450:14:0', modifierName: { nodeType: 'IdentifierPath', referencedDeclaration: 900 } },
        { nodeType: 'ModifierInvocation', kind: 'baseConstructorSpecifier', src: '470:5:0', modifierName: { referencedDeclaration: 1 } },
      ],
    };
    const ctor = { ...fn(block(800, 50)), name: '', kind: 'constructor' };
    const [c, g, m] = declarationsOf(unit(modifier, guarded, ctor))!.callables;
    assert.deepEqual([m.kind, m.contract, m.placeholder, m.placeholderAt], ['modifier', 'C', 1, { start: 2150, length: 1 }]);
    assert.deepEqual(
      [g.kind, g.bodyStart, g.modifiers, g.invocations],
      [
        'function',
        500,
        [900, -1],
        [
          { start: 450, length: 14 },
          { start: 470, length: 5 },
        ],
      ],
    );
    assert.deepEqual([c.kind, c.bodyStart], ['constructor', 800]);
  });

  it('keeps the value a write gives (an initial value, a plain `=`) and the comparisons with their operands', () => {
    const x = v('x', 10);
    const id = (src: string) => ({ nodeType: 'Identifier', referencedDeclaration: x.id, src });
    const literal = (value: string, src: string, subdenomination: string | null = null) => ({
      nodeType: 'Literal',
      kind: 'number',
      value,
      subdenomination,
      src,
    });
    const assign = (operator: string, src: string) => ({
      nodeType: 'ExpressionStatement',
      expression: { nodeType: 'Assignment', operator, src, leftHandSide: id(`${src.split(':')[0]}:1:0`), rightHandSide: id('990:1:0') },
    });
    const compare = (operator: string, src: string, right: object) => ({
      nodeType: 'ExpressionStatement',
      expression: { nodeType: 'BinaryOperation', operator, src, leftExpression: id('700:1:0'), rightExpression: right },
    });
    const y = v('y', 210);
    const [f] = declarationsOf(
      unit(
        fn(
          block(
            100,
            900,
            { ...declare(200, y), initialValue: id('225:1:0') },
            assign('=', '300:5:0'),
            assign('+=', '400:6:0'),
            compare('<', '700:6:0', literal('0x32', '704:2:0')),
            compare('==', '710:6:0', literal('1', '714:1:0', 'ether')),
            compare('+', '720:5:0', literal('1', '724:1:0')),
          ),
          [x],
        ),
      ),
    )!.callables;
    const writes = f.refs.filter((r) => r.write);
    assert.deepEqual(
      writes.map((r) => [r.start, r.value, r.assigns]).sort((a, b) => Number(a[0]) - Number(b[0])),
      [
        [200, { start: 225, length: 1 }, undefined],
        [300, { start: 990, length: 1 }, true],
        // `x += y` is no copy of its right side; its own value is the new x.
        [400, undefined, true],
      ],
    );
    assert.deepEqual(
      f.comparisons.map((c) => [c.start, c.operator, c.left, c.right]).sort((a, b) => Number(a[0]) - Number(b[0])),
      [
        [700, '<', { decl: x.id }, { literal: 50n }],
        // A literal with a unit is left unread; `+` is no comparison.
        [710, '==', { decl: x.id }, undefined],
      ],
    );
  });

  it('refuses what is not a source unit, and stops at hostile nesting and bad ranges without throwing', () => {
    assert.equal(declarationsOf({ nodeType: 'Block' }), undefined);
    assert.equal(declarationsOf(null), undefined);
    let deep: object = declare(5, v('deepest', 5));
    for (let i = 0; i < 100_000; i++) deep = block(0, 10, deep);
    const [f] = declarationsOf(unit(fn(deep)))!.callables;
    assert.deepEqual(f.locals, []);
    const bad = declarationsOf(unit(fn(block(0, 10, declare(1, { ...v('x', 1), src: '1:2' }, { ...v('y', 3), name: 42 })))))!;
    assert.deepEqual(bad.callables[0].locals, []);
  });
});
