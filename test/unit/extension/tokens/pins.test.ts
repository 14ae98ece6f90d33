// Pinned tokens survive a reload through workspaceState; what comes back from storage is re-validated.
import * as assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { PinStore } from '../../../../src/extension/tokens/pins';

/** A Memento kept in memory, standing in for context.workspaceState. */
function memento(initial: Record<string, unknown> = {}): vscode.Memento {
  const values = new Map(Object.entries(initial));
  return {
    keys: () => [...values.keys()],
    get: <T>(key: string, fallback?: T) => (values.has(key) ? (values.get(key) as T) : fallback) as T,
    update: async (key: string, value: unknown) => void values.set(key, value),
  };
}

describe('Pinned tokens', () => {
  it('round-trip in order, with their timestamp filters', async () => {
    const state = memento();
    const pins = [{ id: '0.0.1135' }, { id: '0.0.1135', timestamp: 'lte:1234567890.000000002' }, { id: '0.0.7' }];
    await new PinStore(state).save(pins);
    assert.deepEqual(new PinStore(state).load(), pins);
  });

  it('drop stored entries that are not valid pins', () => {
    const state = memento({
      'ledgerMirror.tokens.pins': [{ id: 'abc' }, { id: '0.0.5', timestamp: 'gt:1' }, null, 'x', { id: '0.0.6', extra: 1 }],
    });
    assert.deepEqual(new PinStore(state).load(), [{ id: '0.0.6' }]);
  });

  it('start empty', () => {
    assert.deepEqual(new PinStore(memento()).load(), []);
    assert.deepEqual(new PinStore(memento({ 'ledgerMirror.tokens.pins': { not: 'an array' } })).load(), []);
  });
});
