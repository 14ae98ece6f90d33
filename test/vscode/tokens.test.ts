// The Tokens view inside a real VS Code, against the reference mirror of this run.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { SAMPLE } from '../../servers/mirror/sample';
import { KEY_FIELDS } from '../../src/core/token-view';
import type { LedgerMirrorApi } from '../../src/extension/extension';
import type { TokenRoot, TokenTreeNode } from '../../src/extension/tokens/tree';
import { activate, child, EXTENSION_ID, labelOf, removeAll, showToken, startRecordingServer, withSetting } from './tokens-support';

const mirrorUrl = process.env.LEDGER_MIRROR_TEST_MIRROR_URL ?? '';
const GROUPS = ['Overview', 'Keys', 'Custom fees', 'Timestamps', 'Metadata', 'Auto-renew'];

type RawToken = Record<string, unknown> & {
  token_id: string;
  symbol: string;
  name: string;
  memo: string;
  treasury_account_id: string;
  custom_fees: { fixed_fees: unknown[]; fractional_fees?: unknown[]; royalty_fees?: { fallback_fee: unknown }[] };
};

/** The token as the mirror sends it, read without the extension, to check what the tree shows. */
async function fetchToken(id: string): Promise<RawToken> {
  const response = await fetch(`${mirrorUrl}/api/v1/tokens/${id}`);
  assert.equal(response.status, 200, `the reference mirror has no token ${id}`);
  return (await response.json()) as RawToken;
}

async function loaded(api: LedgerMirrorApi, id: string): Promise<TokenRoot> {
  const result = await showToken(id);
  assert.ok(result.ok, `showToken(${id}) was rejected: ${result.ok ? '' : result.message}`);
  const root = result.value;
  assert.equal(root.state.status, 'loaded', root.state.status === 'error' ? String(root.state.error) : 'still loading');
  assert.ok(api.tokensTree.roots().includes(root), 'the token is pinned in the tree');
  return root;
}

const labels = (api: LedgerMirrorApi, node: TokenTreeNode) =>
  api.tokensTree.getChildren(node).map((c) => labelOf(api.tokensTree.getTreeItem(c)));

function checkKeys(api: LedgerMirrorApi, root: TokenRoot, raw: RawToken): void {
  const keys = child(api, root, 'Keys');
  assert.equal(keys.item.collapsibleState, vscode.TreeItemCollapsibleState.Expanded);
  for (const [label, field] of KEY_FIELDS) {
    const key = raw[field] as { _type: string; key: string } | null;
    const { item } = child(api, keys.node, label);
    if (key === null) {
      assert.equal(item.description, 'none', `${label} key`);
    } else {
      assert.match(String(item.description), new RegExp(`^${key._type} `), `${label} key`);
      assert.ok(String(item.tooltip).includes(key.key), `${label} key tooltip holds the full key`);
    }
  }
}

describe('Tokens view', () => {
  let api: LedgerMirrorApi;

  before(async () => {
    api = await activate();
    await removeAll(api);
  });

  it('activates and exposes the tree provider', () => {
    assert.ok(vscode.extensions.getExtension(EXTENSION_ID)?.isActive);
    assert.equal(typeof api.tokensTree.getChildren, 'function');
  });

  it('registers every contributed command', async () => {
    const registered = new Set(await vscode.commands.getCommands(true));
    const contributed = (vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON.contributes.commands as { command: string }[]).map(
      (c) => c.command,
    );
    assert.ok(contributed.includes('ledgerMirror.showToken'));
    assert.deepEqual(
      contributed.filter((c) => !registered.has(c)),
      [],
    );
  });

  it('shows a fungible token: title, groups, overview values, keys and fees', async () => {
    const raw = await fetchToken(SAMPLE.fungible);
    const root = await loaded(api, SAMPLE.fungible);
    const item = api.tokensTree.getTreeItem(root);
    assert.equal(labelOf(item), `${raw.symbol} ${raw.token_id} — ${raw.name}`);
    assert.equal(item.contextValue, 'token');
    assert.deepEqual(labels(api, root), GROUPS);

    const overview = child(api, root, 'Overview');
    assert.equal(child(api, overview.node, 'Type').item.description, 'Fungible');
    assert.equal(child(api, overview.node, 'Treasury').item.description, raw.treasury_account_id);
    checkKeys(api, root, raw);

    const fees = labels(api, child(api, root, 'Custom fees').node);
    assert.equal(fees.filter((l) => l === 'Fixed fee').length, raw.custom_fees.fixed_fees.length);
    assert.equal(fees.filter((l) => l === 'Fractional fee').length, raw.custom_fees.fractional_fees?.length ?? 0);
    assert.ok(raw.custom_fees.fixed_fees.length + (raw.custom_fees.fractional_fees?.length ?? 0) > 0, 'the sample fungible token has fees');
  });

  it('shows an NFT with its royalty fees and fallback', async () => {
    const raw = await fetchToken(SAMPLE.nft);
    const root = await loaded(api, SAMPLE.nft);
    assert.equal(labelOf(api.tokensTree.getTreeItem(root)), `${raw.symbol} ${raw.token_id} — ${raw.name}`);
    assert.equal(child(api, child(api, root, 'Overview').node, 'Type').item.description, 'Non-fungible (NFT)');
    checkKeys(api, root, raw);

    const fees = child(api, root, 'Custom fees').node;
    const royalties = api.tokensTree.getChildren(fees).filter((c) => labelOf(api.tokensTree.getTreeItem(c)) === 'Royalty fee');
    const rawRoyalties = raw.custom_fees.royalty_fees ?? [];
    assert.equal(royalties.length, rawRoyalties.length);
    const withFallback = rawRoyalties.findIndex((f) => f.fallback_fee !== null);
    assert.ok(withFallback >= 0, 'the sample NFT has a royalty fee with a fallback');
    assert.notEqual(child(api, royalties[withFallback], 'Fallback fee').item.description, 'none');
  });

  it('shows every key type: ED25519, ECDSA, protobuf-encoded and none', async () => {
    const raw = await fetchToken(SAMPLE.keys);
    const root = await loaded(api, SAMPLE.keys);
    checkKeys(api, root, raw);
    const shown = labels(api, child(api, root, 'Keys').node).map(
      (label) => String(child(api, child(api, root, 'Keys').node, label).item.description).split(' ')[0],
    );
    for (const type of ['ED25519', 'ECDSA_SECP256K1', 'ProtobufEncoded', 'none'])
      assert.ok(shown.includes(type), `${type} in ${shown.join(', ')}`);
  });

  it('renders a token whose name and memo hold markup as literal text', async () => {
    const raw = await fetchToken(SAMPLE.markup);
    const root = await loaded(api, SAMPLE.markup);
    assert.equal(labelOf(api.tokensTree.getTreeItem(root)), `${raw.symbol} ${raw.token_id} — ${raw.name}`);
    assert.equal(child(api, child(api, root, 'Overview').node, 'Memo').item.description, raw.memo);
    const walk = (node: TokenTreeNode): void => {
      const item = api.tokensTree.getTreeItem(node);
      assert.equal(typeof item.label, 'string');
      assert.ok(item.tooltip === undefined || typeof item.tooltip === 'string', `${labelOf(item)}: tooltip must be plain text`);
      assert.ok(item.description === undefined || typeof item.description === 'string');
      api.tokensTree.getChildren(node).forEach(walk);
    };
    walk(root);
  });

  it('shows an error node with the server message for an unknown token, with a retry action', async () => {
    const unknown = '0.0.274877906943';
    const result = await showToken(unknown);
    assert.ok(result.ok);
    const item = api.tokensTree.getTreeItem(result.value);
    assert.equal(labelOf(item), unknown);
    assert.equal(item.description, 'Not found');
    assert.equal(item.contextValue, 'tokenError');
    assert.equal(item.command?.command, 'ledgerMirror.tokens.refresh');
    assert.deepEqual(api.tokensTree.getChildren(result.value), []);
  });

  it('rejects an invalid id with the validation message and sends nothing', async () => {
    await removeAll(api);
    const recorder = await startRecordingServer();
    try {
      await withSetting('mirrorUrl', recorder.url, async () => {
        for (const bad of ['abc', '0.0.0x000000000000000000000000000000000000046F', '06bd279138d5918402fc8ad500526cb2ee0eb985']) {
          const result = await showToken(bad);
          assert.equal(result.ok, false, bad);
          assert.match(result.ok ? '' : result.message, /token id|long-zero/, bad);
        }
        assert.deepEqual(api.tokensTree.roots(), []);
      });
      assert.deepEqual(recorder.paths, []);
    } finally {
      await recorder.close();
    }
  });

  it('adds a historical node for a timestamp filter and validates the filter', async () => {
    const current = await loaded(api, SAMPLE.fungible);
    const result = (await vscode.commands.executeCommand('ledgerMirror.tokens.showAtTimestamp', current, 'lte:9999999999')) as {
      ok: boolean;
      value: TokenRoot;
    };
    assert.ok(result.ok);
    const item = api.tokensTree.getTreeItem(result.value);
    assert.ok(current.state.status === 'loaded');
    const { symbol, name } = current.state.token;
    assert.equal(labelOf(item), `${symbol} ${SAMPLE.fungible} @ lte:9999999999 — ${name}`, 'the timestamp comes right after the id');
    assert.equal(item.contextValue, 'tokenHistorical');
    assert.ok(
      api.tokensTree.roots().includes(current) && api.tokensTree.roots().includes(result.value),
      'current and historical nodes are separate',
    );

    const bad = (await vscode.commands.executeCommand('ledgerMirror.tokens.showAtTimestamp', current, 'gt:1')) as {
      ok: boolean;
      message: string;
    };
    assert.equal(bad.ok, false);
    assert.match(bad.message, /eq:, lt: or lte:/);
  });

  it('cancels a stale request when the token is refreshed again', async () => {
    const root = await loaded(api, SAMPLE.fungible);
    const first = api.tokensTree.reload(root);
    const stale = root.controller;
    const second = api.tokensTree.reload(root);
    assert.ok(stale?.signal.aborted, 'the first request was cancelled');
    await Promise.all([first, second]);
    assert.equal(root.state.status, 'loaded');
  });

  it('copies a value', async () => {
    const raw = await fetchToken(SAMPLE.fungible);
    const root = await loaded(api, SAMPLE.fungible);
    const treasury = child(api, child(api, root, 'Overview').node, 'Treasury').node;
    assert.equal(await vscode.commands.executeCommand('ledgerMirror.tokens.copyValue', treasury), raw.treasury_account_id);
  });

  it('removes a token', async () => {
    const root = await loaded(api, SAMPLE.nft);
    await vscode.commands.executeCommand('ledgerMirror.tokens.remove', root);
    assert.ok(!api.tokensTree.roots().includes(root));
  });
});
