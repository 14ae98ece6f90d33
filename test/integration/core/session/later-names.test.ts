// The panel's names in two passes (#17 §5): the session opens named from what the workspace and the mirror give, its
// requests are answered while the verified contracts' ABIs are still on their way, and it is named again in place
// when they arrive. The reference mirror's verified-only case (Grants, which the workspace lacks) and the reference
// verifier over loopback; the verification server's lookups are held behind a gate the test opens, so "late" is an
// order of events, never a duration.
import { strict as assert } from 'node:assert';
import { HttpClient } from '../../../../src/core/http';
import { MirrorClient } from '../../../../src/core/mirror/client';
import { AbiRegistry } from '../../../../src/core/names/registry';
import { nameLater } from '../../../../src/core/session/later-names';
import { TraceNames, type NameSources } from '../../../../src/core/session/names';
import { TraceSession } from '../../../../src/core/session/session';
import { ArtifactIndex } from '../../../../src/core/sourcemap/match';
import { SourceFiles } from '../../../../src/core/sourcemap/source-files';
import { TraceSources } from '../../../../src/core/sourcemap/trace-sources';
import type { ColumnarTrace } from '../../../../src/core/trace/trace';
import { addVerifiedAbis, VerifiedSources } from '../../../../src/core/verified/verified-sources';
import { VerifyTransport } from '../../../../src/core/verify/transport';
import { PanelRequests } from '../../../../src/extension/trace/panel-requests';
import type { TraceInit } from '../../../../src/shared/trace-protocol';
import { CHAIN_ID, startVerifiedReference, type VerifiedReference } from '../../helpers/verified-fixtures';

const INIT = { memoryStart: 0, memoryCount: 8 };
const GRANT = /^Grants\.grant\(to: 0x[0-9a-f]{40}, amount: 500\)/;

/** A promise the test settles by hand. */
function deferred(): { promise: Promise<void>; open: () => void } {
  let open = () => {};
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

describe('panel names: verified contracts named after the panel opened (reference mirror + verifier)', function () {
  this.timeout(120_000);
  let env: VerifiedReference;
  let http: HttpClient;
  let trace: ColumnarTrace;
  let mirrorNames: Pick<NameSources, 'result' | 'actions'>;

  before(async () => {
    env = await startVerifiedReference();
    http = new HttpClient();
    const id = env.ref.info('verified-only').transactionId;
    const [t, result, actions] = await Promise.all([
      env.ref.fetch('verified-only'),
      new MirrorClient(env.ref.endpoints, http).contractResult(id),
      new MirrorClient(env.ref.endpoints, http).contractActions(id),
    ]);
    trace = t;
    mirrorNames = { result: result.result, actions: actions.actions };
  });
  after(async () => {
    await http?.close();
    await env?.close();
  });

  /** What source stepping adds: the verified contracts' ABIs, asked for only once `gate` opens. */
  const verifiedAbis =
    (gate: Promise<void>) =>
    async (abis: AbiRegistry): Promise<boolean> => {
      const verified = new VerifiedSources({
        transport: new VerifyTransport(http.transport),
        url: env.verifier.url,
        chainId: CHAIN_ID,
        cache: undefined,
      });
      const sources = new TraceSources(
        trace,
        new ArtifactIndex([]),
        new SourceFiles(),
        (address) => new MirrorClient(env.ref.endpoints, http).contractCode(address),
        async (address) => {
          await gate;
          return verified.artifact(address);
        },
      );
      return (await addVerifiedAbis(trace, sources, abis)).some((artifact) => artifact !== undefined);
    };

  const opened = () => {
    const sources: NameSources = { abis: new AbiRegistry(), ...mirrorNames };
    const session = new TraceSession(trace, { key: 'k', title: 't', network: 'custom' }, 0, TraceNames.build(trace, sources));
    let renames = 0;
    session.onDidRename(() => renames++);
    return { session, sources, requests: new PanelRequests(session), renames: () => renames };
  };

  it('answers the panel while the verification server has not answered, then names the call in place once it has', async () => {
    const { session, sources, requests, renames } = opened();
    const gate = deferred();
    const lookupsBefore = env.lookups().length;
    const later = nameLater(session, sources, verifiedAbis(gate.promise));

    // The panel is on screen: its first requests are answered, the call not yet named by the verified ABI.
    const init = requests.answer('init', INIT) as TraceInit;
    assert.equal(init.length, trace.length);
    assert.equal(requests.answer('rows', { start: 0, count: 20 }).pc.length, 20);
    assert.doesNotMatch(init.view.frameNames[0]?.call ?? '', GRANT);
    assert.doesNotMatch(init.names.header?.call ?? '', GRANT);
    assert.equal(renames(), 0);
    assert.equal(env.lookups().length, lookupsBefore, 'the verifier has not been asked yet');

    gate.open();
    await later;
    assert.equal(renames(), 1, 'named again once');
    assert.ok(env.lookups().length > lookupsBefore, 'the verifier was asked');
    const view = requests.view();
    assert.match(view.frameNames[0]?.call ?? '', GRANT);
    const again = requests.answer('init', INIT) as TraceInit;
    assert.match(again.names.header?.call ?? '', GRANT);
    assert.match(requests.answer('views', { steps: [trace.length - 1] })[0].frameNames[0]?.call ?? '', GRANT);
  });

  it('keeps the first names when the verified pass finds nothing or fails', async () => {
    const nothing = opened();
    const before = nothing.requests.view().frameNames;
    await nameLater(nothing.session, nothing.sources, () => Promise.resolve(false));
    assert.equal(nothing.renames(), 0);
    assert.deepEqual(nothing.requests.view().frameNames, before);

    const failing = opened();
    await assert.rejects(
      nameLater(failing.session, failing.sources, () => Promise.reject(new Error('verifier down'))),
      /verifier down/,
    );
    assert.equal(failing.renames(), 0);
    assert.deepEqual(failing.requests.view().frameNames, before);
  });
});
