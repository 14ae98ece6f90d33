// Verifies a contract on a running verifier through API v2 as a user would (`POST /v2/verify/{chainId}/{address}`,
// then the job polled): how `npm start` puts another team's contract on the reference verifier, and how tests verify
// the mirror's contracts there.
import { BUNDLED_SOLC_VERSION } from './compiler';

/** The job's match (`exact_match` or `match`); throws with the server's error when the job found none. */
export async function submitV2(
  verifierUrl: string,
  chainId: string,
  address: string,
  identifier: string,
  stdJsonInput: unknown,
): Promise<string> {
  const res = await fetch(`${verifierUrl}/v2/verify/${chainId}/${address}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ stdJsonInput, compilerVersion: BUNDLED_SOLC_VERSION, contractIdentifier: identifier }),
  });
  const text = await res.text();
  if (res.status !== 202) throw new Error(`verifying ${identifier} at ${address}: ${res.status} ${text}`);
  const { verificationId } = JSON.parse(text) as { verificationId: string };
  for (;;) {
    const job = (await (await fetch(`${verifierUrl}/v2/verify/${verificationId}`)).json()) as {
      isJobCompleted: boolean;
      contract?: { match: string | null };
      error?: unknown;
    };
    if (job.isJobCompleted) {
      if (!job.contract?.match) throw new Error(`verifying ${identifier} at ${address}: ${JSON.stringify(job.error)}`);
      return job.contract.match;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
