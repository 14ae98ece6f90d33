// The reference mirror must answer every token spec-test URL exactly as the real REST module's spec tests expect,
// from the spec's own setup rows, and its root sample network must be those fixtures renumbered.

import { strict as assert } from 'node:assert';
import { parseLosslessJson, readSpecFiles } from '../../../../servers/mirror/datasets';
import { SAMPLE, SAMPLE_MARKUP, SAMPLE_READABLE, SAMPLE_SOURCES } from '../../../../servers/mirror/sample';
import { startMirror, type RunningMirror } from '../../../../servers/mirror/server';
import { httpGet } from '../../helpers/mirror-http';

interface UrlCase {
  spec: string;
  url: string;
  status: number;
  json: unknown;
}

type Json = Record<string, unknown>;

const specs = readSpecFiles();
const specJson = (name: string): Json => {
  const spec = specs.find((candidate) => candidate.name === name);
  if (!spec) throw new Error(`missing spec ${name}`);
  return spec.json;
};

function specCases(): UrlCase[] {
  const cases: UrlCase[] = [];
  for (const { name, json } of specs) {
    if (json.setup === undefined) continue;
    for (const group of (json.tests as Json[] | undefined) ?? [json]) {
      const urls = (group.urls as string[] | undefined) ?? [group.url as string];
      for (const url of urls) cases.push({ spec: name, url, status: Number(group.responseStatus), json: group.responseJson });
    }
  }
  return cases;
}

/** The fixture JSON with every id value 0.0.1135 replaced (memos such as "token.0.0.1135" stay). */
function renumbered(json: unknown, id: string): Json {
  return JSON.parse(
    JSON.stringify(json, (_key, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value)),
    (_key, value: unknown) => {
      if (value === '0.0.1135') return id;
      return typeof value === 'string' && /^\d+n$/.test(value) ? BigInt(value.slice(0, -1)) : value;
    },
  ) as Json;
}

async function getJson(url: string, headers: Record<string, string> = {}): Promise<{ status: number; json: Json }> {
  const response = await httpGet(url, headers);
  return { status: response.status, json: parseLosslessJson(response.body.toString('utf8')) as Json };
}

const restError = (...messages: string[]) => ({ _status: { messages: messages.map((message) => ({ message })) } });

describe('reference mirror: tokens', () => {
  let mirror: RunningMirror;
  before(async () => {
    mirror = await startMirror();
  });
  after(async () => {
    await mirror.close();
  });

  describe('every URL of every token spec file, under /fixtures/<spec>', () => {
    const cases = specCases();
    const expectedHeaders = specJson('responseHeaders') as Record<string, string>;

    it('finds the 33 URLs of the 9 spec files that have a setup', () => {
      assert.equal(cases.length, 33);
      assert.equal(new Set(cases.map((c) => c.spec)).size, 9);
    });

    for (const testCase of cases) {
      it(`${testCase.spec}: ${testCase.url} → ${testCase.status}`, async () => {
        const response = await httpGet(`${mirror.url}/fixtures/${testCase.spec}${testCase.url}`, { 'accept-encoding': 'gzip' });
        assert.equal(response.status, testCase.status);
        assert.deepEqual(parseLosslessJson(response.body.toString('utf8')), testCase.json);
        assert.equal(response.headers['content-type'], 'application/json; charset=utf-8');
        if (testCase.status === 200) {
          for (const [name, value] of Object.entries(expectedHeaders)) assert.equal(response.headers[name], value);
        }
      });
    }
  });

  describe('root sample network', () => {
    it('uses distinct ids', () => {
      assert.equal(new Set(Object.values(SAMPLE)).size, Object.keys(SAMPLE).length);
    });

    it('serves the fungible token with the history of timestamp.json', async () => {
      const groups = specJson(SAMPLE_SOURCES.fungible).tests as Json[];
      for (const group of groups) {
        for (const url of group.urls as string[]) {
          const query = url.slice(url.indexOf('?'));
          const { status, json } = await getJson(`${mirror.url}/api/v1/tokens/${SAMPLE.fungible}${query}`);
          assert.equal(status, 200, query);
          assert.deepEqual(json, { ...renumbered(group.responseJson, SAMPLE.fungible), ...SAMPLE_READABLE.fungible }, query);
        }
      }
      const { json: current } = await getJson(`${mirror.url}/api/v1/tokens/${SAMPLE.fungible}`);
      const fees = current.custom_fees as Json;
      assert.equal((fees.fixed_fees as unknown[]).length, 2);
      assert.equal((fees.fractional_fees as unknown[]).length, 3);
    });

    it('serves the NFT with royalty and fallback fees of nft-custom-fees.json', async () => {
      const { status, json } = await getJson(`${mirror.url}/api/v1/tokens/${SAMPLE.nft}`);
      assert.equal(status, 200);
      assert.deepEqual(json, { ...renumbered(specJson(SAMPLE_SOURCES.nft).responseJson, SAMPLE.nft), ...SAMPLE_READABLE.nft });
    });

    it('serves markup in memo, name and symbol as plain strings', async () => {
      const { json } = await getJson(`${mirror.url}/api/v1/tokens/${SAMPLE.markup}`);
      const expected = renumbered(specJson(SAMPLE_SOURCES.markup).responseJson, SAMPLE.markup);
      assert.deepEqual(json, { ...expected, ...SAMPLE_MARKUP });
      assert.match(String(json.memo), /<img src=x onerror=alert\(1\)>/);
    });

    it('serves every key encoding on the keys token', async () => {
      const { json } = await getJson(`${mirror.url}/api/v1/tokens/${SAMPLE.keys}`);
      const ed25519A = 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a';
      const ed25519B = '3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c';
      const expected = renumbered(specJson(SAMPLE_SOURCES.keys).responseJson, SAMPLE.keys);
      assert.deepEqual(json, {
        ...expected,
        admin_key: { _type: 'ED25519', key: ed25519A },
        kyc_key: { _type: 'ECDSA_SECP256K1', key: '0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798' },
        supply_key: { _type: 'ED25519', key: ed25519B },
        wipe_key: { _type: 'ED25519', key: ed25519A },
        freeze_key: { _type: 'ProtobufEncoded', key: `32480a221220${ed25519A}0a221220${ed25519B}` },
        metadata_key: null,
      });
    });

    it('keeps expiry_timestamp beyond 2^53 digit for digit', async () => {
      const response = await httpGet(`${mirror.url}/api/v1/tokens/${SAMPLE.markup}`);
      assert.match(response.body.toString('utf8'), /"expiry_timestamp":1241567889000000002[,}]/);
    });
  });

  describe('query semantics', () => {
    const token = (query: string) => `${SAMPLE.fungible}${query}`;

    it('rejects unknown parameters, even alongside a valid timestamp', async () => {
      const { status, json } = await getJson(`${mirror.url}/api/v1/tokens/${token('?timestamp=1&limit=5&limit=6')}`);
      assert.equal(status, 400);
      assert.deepEqual(json, restError('Unknown query parameter: limit', 'Unknown query parameter: limit'));
    });

    it('reports the id alone when the id is invalid', async () => {
      const { status, json } = await getJson(`${mirror.url}/api/v1/tokens/0.0.274877906944?limit=1`);
      assert.equal(status, 400);
      assert.deepEqual(json, restError('Invalid parameter: tokenid'));
    });

    it('accepts up to 100 timestamps, the last one winning, and refuses 101', async () => {
      const hundred = Array.from({ length: 99 }, () => 'timestamp=lt:1').concat('timestamp=1234567880.000000003');
      const ok = await getJson(`${mirror.url}/api/v1/tokens/${token(`?${hundred.join('&')}`)}`);
      assert.equal(ok.status, 200);
      assert.equal(ok.json.symbol, 'OLDSYMBOL');
      const tooMany = await getJson(`${mirror.url}/api/v1/tokens/${token(`?${hundred.join('&')}&timestamp=1`)}`);
      assert.equal(tooMany.status, 400);
      assert.deepEqual(tooMany.json, restError('Parameter values count exceeds maximum number allowed: timestamp count: 101 max: 100'));
    });

    it('treats parameter names case-insensitively, merging repeats', async () => {
      const { json } = await getJson(`${mirror.url}/api/v1/tokens/${token('?timestamp=1&TimeStamp=1234567880.000000002')}`);
      assert.equal(json.symbol, 'OLDSYMBOL');
    });

    it('answers 404 before creation and for unknown or well-formed ids of other shards', async () => {
      for (const path of [token('?timestamp=1234567870.000000001'), '1.2.3', '0.0.5999']) {
        const { status, json } = await getJson(`${mirror.url}/api/v1/tokens/${path}`);
        assert.equal(status, 404, path);
        assert.deepEqual(json, restError('Not found'));
      }
    });

    it('matches routes like Express: a trailing slash and upper-case path work', async () => {
      assert.equal((await httpGet(`${mirror.url}/api/v1/tokens/${SAMPLE.nft}/`)).status, 200);
      assert.equal((await httpGet(`${mirror.url}/API/V1/TOKENS/${SAMPLE.nft}`)).status, 200);
    });

    it('answers 404 Not found for other paths, methods and unknown prefixes', async () => {
      for (const [path, method] of [
        ['/api/v1/accounts/0.0.2', 'GET'],
        [`/api/v1/tokens/${SAMPLE.nft}`, 'POST'],
        ['/fixtures/nope/api/v1/tokens/1135', 'GET'],
        ['/modes/nope/api/v1/tokens/1135', 'GET'],
      ]) {
        const response = await httpGet(`${mirror.url}${path}`, {}, method);
        assert.equal(response.status, 404, `${method} ${path}`);
        assert.deepEqual(JSON.parse(response.body.toString('utf8')), restError('Not found'));
      }
    });
  });

  describe('compression and availability', () => {
    it('gzips token bodies when asked, and only then', async () => {
      const url = `${mirror.url}/api/v1/tokens/${SAMPLE.fungible}`;
      const zipped = await httpGet(url, { 'accept-encoding': 'gzip, deflate' });
      const plain = await httpGet(url);
      assert.equal(zipped.headers['content-encoding'], 'gzip');
      assert.ok(zipped.wireLength < zipped.body.length);
      assert.equal(plain.headers['content-encoding'], undefined);
      assert.deepEqual(zipped.body, plain.body);
      const refused = await httpGet(url, { 'accept-encoding': 'gzip;q=0, identity' });
      assert.equal(refused.headers['content-encoding'], undefined);
    });

    it('leaves small error bodies uncompressed, like the compression middleware', async () => {
      const response = await httpGet(`${mirror.url}/api/v1/tokens/abc`, { 'accept-encoding': 'gzip' });
      assert.equal(response.status, 400);
      assert.equal(response.headers['content-encoding'], undefined);
    });

    it('answers 503 Service unavailable under /modes/unavailable and with the unavailable option', async () => {
      const prefixed = await getJson(`${mirror.url}/modes/unavailable/api/v1/tokens/${SAMPLE.fungible}`);
      assert.equal(prefixed.status, 503);
      assert.deepEqual(prefixed.json, restError('Service unavailable'));
      const down = await startMirror({ unavailable: true });
      try {
        const root = await getJson(`${down.url}/api/v1/tokens/${SAMPLE.fungible}`);
        assert.equal(root.status, 503);
        assert.deepEqual(root.json, restError('Service unavailable'));
      } finally {
        await down.close();
      }
    });
  });
});
