import { strict as assert } from 'node:assert';
import { jsonBoundsProblem, parseBoundedJson } from '../../../../src/core/workspace/bounded-json';

const bounds = { maxDepth: 3, maxContainers: 4, maxValues: 5 };

describe('bounded JSON (workspace files)', () => {
  it('parses documents within the bounds exactly as JSON.parse does', () => {
    const text = '{"a":[1,{"b":"[[[[,,,,"}],"c":"\\"]]]"}';
    assert.equal(jsonBoundsProblem(text, bounds), undefined, 'brackets, commas and escaped quotes inside strings do not count');
    assert.deepEqual(parseBoundedJson(text, bounds), JSON.parse(text));
  });

  it('refuses nesting, containers and values beyond the bounds before parsing', () => {
    assert.equal(jsonBoundsProblem('[[[[]]]]', bounds), 'nested more than 3 levels deep');
    assert.equal(jsonBoundsProblem('[[],[],[],[]]', bounds), 'more than 4 arrays and objects');
    assert.equal(jsonBoundsProblem('[1,2,3,4,5,6,7]', bounds), 'more than 5 values');
    assert.throws(() => parseBoundedJson('[[[[]]]]', bounds), /^Error: too large to parse: nested more than 3 levels deep$/);
  });

  it('refuses a nesting bomb under the default bounds (JSON.parse would build hundreds of MB)', () => {
    const bomb = '{"junk":' + '['.repeat(100_000);
    assert.throws(() => parseBoundedJson(bomb), /nested more than 2048 levels deep/);
  });

  it('leaves malformed JSON to JSON.parse, whose message names the problem', () => {
    assert.throws(() => parseBoundedJson('{"a":', bounds), SyntaxError);
  });
});
