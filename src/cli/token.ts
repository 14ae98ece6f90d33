// `ledger-mirror token <id>`: one token, as a readable summary or exactly as the mirror sent it.
import { EXIT, ApiError } from '../core/errors';
import { MirrorClient } from '../core/mirror/client';
import { describeToken, tokenTitle, type TokenItem } from '../core/token-view';
import { COMMON_USAGE, endpointsFrom, parseCommandArgs, withHttp, type Command } from './args';
import { printJson, printLines } from './output';

const USAGE = `Usage: ledger-mirror token <tokenId> [--network NAME | --mirror URL] [--timestamp [eq|lt|lte:]S[.N]] [--json]

  <tokenId>        0.0.1234, 1234, or a long-zero EVM address (0x000…04d2)
  --timestamp T    the token as it was at T (seconds[.nanos]; lt: and lte: select strictly before / at or before)
  --json           the token object exactly as received (every field, every digit)

${COMMON_USAGE}`;

function itemLines(items: readonly TokenItem[], indent: string): string[] {
  return items.flatMap((i) => [`${indent}${i.label}: ${i.value}`, ...itemLines(i.children ?? [], indent + '  ')]);
}

export const tokenCommand: Command = {
  usage: USAGE,
  async run(argv) {
    const { values, positionals } = parseCommandArgs(argv, { timestamp: { type: 'string' } });
    if (values.help) {
      printLines([USAGE]);
      return EXIT.ok;
    }
    if (positionals.length !== 1)
      throw new ApiError('invalid-input', `Expected one token id, got ${positionals.length}. ${USAGE.split('\n')[0]}`);
    const endpoints = endpointsFrom(values);
    const { token, raw } = await withHttp(values, (http) =>
      new MirrorClient(endpoints, http).token(positionals[0], { timestamp: values.timestamp }),
    );
    if (values.json) printJson(raw);
    else printLines([tokenTitle(token), ...describeToken(token).flatMap((s) => [s.label, ...itemLines(s.items, '  ')])]);
    return EXIT.ok;
  },
};
