import { strict as assert } from 'node:assert';
import { REDACTED, Redactor, quotedUrl, redact, stripUserInfo, stripUserInfoIn } from '../../../../src/core/net/redact';

describe('redaction', () => {
  it('strips user info from a URL and leaves other URLs as they are', () => {
    assert.equal(stripUserInfo('https://alice:s3cret@verify.example/server?x=1'), 'https://verify.example/server?x=1');
    assert.equal(stripUserInfo(new URL('http://token@127.0.0.1:8080/a')), 'http://127.0.0.1:8080/a');
    assert.equal(stripUserInfo('https://verify.example/server'), 'https://verify.example/server');
  });

  it('strips user info from every URL quoted in free text, and from text that is not a URL', () => {
    const text = 'cannot forward to http://bob:pw@a.example/x and https://c:d@b.example, see http://plain.example/@home';
    assert.equal(stripUserInfoIn(text), 'cannot forward to http://a.example/x and https://b.example, see http://plain.example/@home');
    assert.equal(stripUserInfo('not a url, but ftp://u:p@h/'), 'not a url, but ftp://h/');
  });

  it('quotes a value given for a URL without its password, whether or not it parses (#26)', () => {
    for (const [given, shown] of [
      ['ftp://u:secret@host.example/x', 'ftp://host.example/x'],
      ['mailto:u:secret@host.example', `mailto:${REDACTED}@host.example`],
      ['u:secret@host.example/x', `u:${REDACTED}@host.example/x`],
      ['http//u:secret@host.example', `${REDACTED}@host.example`],
      ['https://h.example/a@b', 'https://h.example/a@b'],
      ['not a url', 'not a url'],
    ])
      assert.equal(quotedUrl(given), shown, given);
  });

  it('replaces a secret as sent, JSON-escaped and percent-encoded', () => {
    const key = 'k/ey"with+odd=chars';
    const echoed = `raw ${key} json ${JSON.stringify(key)} url ${encodeURIComponent(key)}`;
    const out = redact(echoed, [key]);
    assert.equal(out, `raw ${REDACTED} json "${REDACTED}" url ${REDACTED}`);
  });

  it('ignores values too short to tell from ordinary text, and undefined', () => {
    const r = new Redactor(['ab']).add(undefined).add('');
    assert.equal(r.redact('about abc'), 'about abc');
  });

  it('replaces the longer of two overlapping secrets whole', () => {
    assert.equal(redact('token abcd-efgh', ['abcd', 'abcd-efgh']), `token ${REDACTED}`);
  });

  it('with() adds secrets without changing the original', () => {
    const base = new Redactor(['first-secret']);
    const more = base.with(['second-secret']);
    assert.equal(more.redact('first-secret second-secret'), `${REDACTED} ${REDACTED}`);
    assert.equal(base.redact('second-secret'), 'second-secret');
  });
});
