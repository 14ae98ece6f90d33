// What the naming suites share: the reference mirror (post-op traces), an HTTP client and the sample workspace's
// ABIs, started before the suite and closed after it.
import { readBuildOutput } from '../../../src/core/build-output/reader';
import { HttpClient } from '../../../src/core/http';
import { AbiRegistry } from '../../../src/core/names/registry';
import { sampleWorkspace } from './sample-workspace';
import { startReference, type ReferenceMirror } from './reference-mirror';

export interface NamingFixture {
  ref: ReferenceMirror;
  http: HttpClient;
  abis: AbiRegistry;
}

/** Registers the suite's before/after hooks; `use` receives the fixture once it is up. */
export function namingFixture(use: (fixture: NamingFixture) => void): void {
  let fixture: NamingFixture | undefined;
  before(async () => {
    const abis = AbiRegistry.fromContracts((await readBuildOutput(await sampleWorkspace())).contracts);
    await abis.loadEnums();
    fixture = { ref: await startReference('post-op'), http: new HttpClient(), abis };
    use(fixture);
  });
  after(async () => {
    await fixture?.http.close();
    await fixture?.ref.close();
  });
}
