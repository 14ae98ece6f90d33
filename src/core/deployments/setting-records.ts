// `ledgerMirror.verify.contracts`: `[{address, chainId, name?, creatorTxHash?}]` written by hand, so each entry is
// checked and a bad one is reported by index instead of silently dropped.
import { z } from 'zod';
import type { DeploymentRecord } from './record';

const ADDRESS = /^(0x[0-9a-fA-F]{40}|\d+\.\d+\.\d+)$/;

const entry = z.object({
  address: z.string().regex(ADDRESS, 'must be a 0x… EVM address or a Hedera id like 0.0.1234'),
  chainId: z.union([z.number().int().positive(), z.string().regex(/^\d+$/, 'must be a number').transform(Number)]),
  name: z.string().min(1).optional(),
  creatorTxHash: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x-prefixed 32-byte hash')
    .optional(),
});

export interface SettingRecords {
  records: DeploymentRecord[];
  problems: string[];
}

export function settingRecords(value: unknown): SettingRecords {
  if (value === undefined || value === null) return { records: [], problems: [] };
  if (!Array.isArray(value))
    return { records: [], problems: ['ledgerMirror.verify.contracts must be a list of {address, chainId, name?, creatorTxHash?}'] };
  const out: SettingRecords = { records: [], problems: [] };
  value.forEach((item, i) => {
    const parsed = entry.safeParse(item);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      out.problems.push(`ledgerMirror.verify.contracts[${i}]${issue.path.length ? `.${issue.path.join('.')}` : ''}: ${issue.message}`);
      return;
    }
    const { address, chainId, name, creatorTxHash } = parsed.data;
    out.records.push({ address, chainId, origin: 'setting', ...(name ? { name } : {}), ...(creatorTxHash ? { creatorTxHash } : {}) });
  });
  return out;
}
