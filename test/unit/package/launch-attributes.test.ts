// A launch setting is declared once: package.json's `debuggers[].configurationAttributes.launch` (what VS Code
// offers and validates in launch.json) lists the same properties, with the same JSON types, as the zod schema the
// adapter checks launches with (src/debug/requests.ts), from which the `LaunchArguments` type is derived.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { LAUNCH_SCHEMA } from '../../../src/debug/requests';

interface Attribute {
  type: string | string[];
  items?: { type: string };
  enum?: string[];
  description?: string;
}
const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as {
  contributes: { debuggers: { configurationAttributes: { launch: { properties: Record<string, Attribute> } } }[] };
};
const declared = manifest.contributes.debuggers[0]!.configurationAttributes.launch.properties;

/** Set by the extension itself (the trace panel's Debug button), never written in a launch.json. */
const INTERNAL = new Set(['traceKey']);

type JsonSchema = { type?: string; anyOf?: JsonSchema[]; items?: JsonSchema; properties?: Record<string, JsonSchema> };
const schema = z.toJSONSchema(LAUNCH_SCHEMA, { io: 'input' }) as JsonSchema;
const typesOf = (s: JsonSchema): string[] => (s.anyOf ? s.anyOf.flatMap(typesOf) : s.type ? [s.type] : []).sort();
const itemsOf = (s: JsonSchema): string[] => (s.anyOf ? s.anyOf.flatMap(itemsOf) : s.items ? typesOf(s.items) : []);

describe('package.json: the launch attributes are the launch schema', () => {
  const checked = Object.keys(schema.properties ?? {}).filter((k) => !INTERNAL.has(k));

  it('lists the same properties', () => {
    assert.deepEqual(Object.keys(declared).sort(), checked.sort());
  });

  it('gives each the same JSON type (and array items)', () => {
    for (const key of checked) {
      const attribute = declared[key]!;
      const types = [attribute.type].flat().sort();
      assert.deepEqual(types, typesOf(schema.properties![key]!), key);
      assert.deepEqual(attribute.items ? [attribute.items.type] : [], itemsOf(schema.properties![key]!), `${key} items`);
    }
  });

  it('describes each one', () => {
    for (const [key, attribute] of Object.entries(declared)) assert.ok(attribute.description, `${key} has no description`);
  });
});
